// verifyEmailNotice against its independent model (tests/models/spec/verify-email-notice.ts): every
// path of the model replayed on the machine by the shared harness, observed through its selectors and
// the resend button it hands to the page.
import { verifyEmailNoticeMachine } from '../../machines/auth/verify-email-notice.ts';
import * as view from '../../machines/auth/verify-email-notice.selectors.ts';
import { resendNoticeTarget } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { verifyEmailNoticeSpec } from '../models/spec/verify-email-notice.ts';

describeModel({
  walks: [walk('', verifyEmailNoticeSpec())],
  target: () => resendNoticeTarget(verifyEmailNoticeMachine, view, ['visible', 'email'], { result: true }),
});

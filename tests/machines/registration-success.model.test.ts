// registrationSuccess against its independent model (tests/models/spec/registration-success.ts):
// every path of the model replayed on the machine by the shared harness, observed through its selectors
// and the resend button it hands to the page.
import { registrationSuccessMachine } from '../../machines/auth/registration-success.ts';
import * as view from '../../machines/auth/registration-success.selectors.ts';
import { resendNoticeTarget } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { registrationSuccessSpec } from '../models/spec/registration-success.ts';

describeModel({
  walks: [walk('', registrationSuccessSpec())],
  target: () => resendNoticeTarget(registrationSuccessMachine, view, ['visible', 'closing', 'email']),
});

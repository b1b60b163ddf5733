// verifyEmailNotice against its independent model (tests/models/spec/verify-email-notice.ts): every
// path of the model replayed on the machine by the shared harness, observed through its selectors and
// the resend button it hands to the page.
import type { SnapshotFrom } from 'xstate';
import { verifyEmailNoticeMachine } from '../../machines/auth/verify-email-notice.ts';
import * as view from '../../machines/auth/verify-email-notice.selectors.ts';
import * as button from '../../machines/auth/resend-email.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { verifyEmailNoticeSpec } from '../models/spec/verify-email-notice.ts';

describeModel({
  walks: [walk('', verifyEmailNoticeSpec())],
  target: () => ({
    machine: verifyEmailNoticeMachine,
    observe: ({ snapshot }) => {
      const s = snapshot as SnapshotFrom<typeof verifyEmailNoticeMachine>;
      const resend = view.resend(s)?.getSnapshot();
      return {
        visible: view.visible(s),
        email: view.email(s),
        resend: resend
          ? {
              email: resend.context.email,
              disabled: button.disabled(resend),
              secondsLeft: button.secondsLeft(resend),
              result: button.result(resend),
            }
          : null,
      };
    },
  }),
});

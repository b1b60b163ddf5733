// registrationSuccess against its independent model (tests/models/spec/registration-success.ts):
// every path of the model replayed on the machine by the shared harness, observed through its selectors
// and the resend button it hands to the page.
import type { SnapshotFrom } from 'xstate';
import { registrationSuccessMachine } from '../../machines/auth/registration-success.ts';
import * as view from '../../machines/auth/registration-success.selectors.ts';
import * as button from '../../machines/auth/resend-email.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { registrationSuccessSpec } from '../models/spec/registration-success.ts';

describeModel({
  walks: [walk('', registrationSuccessSpec())],
  target: () => ({
    machine: registrationSuccessMachine,
    observe: ({ snapshot }) => {
      const s = snapshot as SnapshotFrom<typeof registrationSuccessMachine>;
      const resend = view.resend(s)?.getSnapshot();
      return {
        visible: view.visible(s),
        closing: view.closing(s),
        email: view.email(s),
        resend: resend
          ? {
              email: resend.context.email,
              disabled: button.disabled(resend),
              secondsLeft: button.secondsLeft(resend),
            }
          : null,
      };
    },
  }),
});

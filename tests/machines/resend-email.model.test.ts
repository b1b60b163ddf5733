// resendEmail against its independent model (tests/models/spec/resend-email.ts): every path of the
// model replayed on the machine, with the resend call controlled, observed through its selectors.
import { describe, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { resendEmailMachine } from '../../machines/auth/resend-email.ts';
import * as button from '../../machines/auth/resend-email.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { RESEND_TO, resendEmailSpec } from '../models/spec/resend-email.ts';

for (const coolingDown of [true, false]) {
  const model = resendEmailSpec(coolingDown);
  describe(`resendEmail (${coolingDown ? 'right after registration' : 'ready'}) against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () =>
        replaySpecPath(
          model,
          {
            machine: resendEmailMachine,
            input: { email: RESEND_TO, coolingDown },
            effects: ['resendVerification'],
            observe: ({ snapshot }) => {
              const s = snapshot as SnapshotFrom<typeof resendEmailMachine>;
              return {
                disabled: button.disabled(s),
                sending: button.sending(s),
                secondsLeft: button.secondsLeft(s),
                result: button.result(s),
              };
            },
          },
          path,
        ),
      );
    }
  });
}

// emailVerification against its independent model (tests/models/spec/email-verification.ts): every
// path of the model replayed on the machine, with the verify and resend calls controlled and "Log in"
// recorded, observed through its selectors as the page shows them, card by card.
import { describe, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { emailVerificationMachine } from '../../machines/auth/email-verification.ts';
import * as view from '../../machines/auth/email-verification.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { emailVerificationSpec } from '../models/spec/email-verification.ts';

const model = emailVerificationSpec();

describe(`emailVerification against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const logins: string[] = [];
      const machine = emailVerificationMachine.provide({
        actions: { openLogin: (_, { email }) => void logins.push(email) },
      });
      return replaySpecPath(
        model,
        {
          machine,
          effects: ['verifyEmail', 'resendVerification'],
          observe: ({ snapshot }) => {
            const s = snapshot as SnapshotFrom<typeof emailVerificationMachine>;
            const phase = view.phase(s);
            const busy = view.busy(s);
            if (phase === 'verified') return { phase, busy, email: view.email(s), logins };
            if (phase === 'failed' && view.sent(s)) return { phase, busy, sent: true, logins };
            if (phase === 'failed')
              return {
                phase,
                busy,
                sent: false,
                message: view.message(s),
                email: view.email(s),
                fieldError: view.fieldError(s),
                logins,
              };
            return { phase, busy, logins };
          },
        },
        path,
      );
    });
  }
});

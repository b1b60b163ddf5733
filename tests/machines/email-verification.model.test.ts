// emailVerification against its independent model (tests/models/spec/email-verification.ts): every
// path of the model replayed on the machine by the shared harness (tests/support/spec-replay.ts), with
// the verify and resend calls controlled and "Log in" recorded, observed through its selectors as the
// page shows them, card by card.
import type { SnapshotFrom } from 'xstate';
import { emailVerificationMachine } from '../../machines/auth/email-verification.ts';
import * as view from '../../machines/auth/email-verification.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { emailVerificationSpec } from '../models/spec/email-verification.ts';

describeModel({
  walks: [walk('', emailVerificationSpec())],
  target: () => {
    const logins: string[] = [];
    return {
      machine: emailVerificationMachine.provide({
        actions: { openLogin: (_, { email }) => void logins.push(email) },
      }),
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
    };
  },
});

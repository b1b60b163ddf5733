// How the resend button's model paths (tests/models/spec/resend-email.ts) are replayed, shared by its
// model test (tests/machines/resend-email.model.test.ts) and `npm run replay -- resendEmail <walk>
// <n>`, which replays the same paths in Node (tests/replay/node-runner.ts): the machine as it is, given
// the address and whether it starts cooling down, its resend call held, read through its selectors.
import type { SnapshotFrom } from 'xstate';
import { resendEmailMachine } from '../../machines/auth/resend-email.ts';
import * as button from '../../machines/auth/resend-email.selectors.ts';
import { RESEND_TO } from '../models/spec/resend-email.ts';
import type { ReplayTarget } from './spec-model.ts';

/**
 * The catalogue's walks of resendEmail (tests/models/spec/index.ts), by label: whether the button
 * starts cooling down (right after registration, `resendEmailSpec(true)`) or ready.
 */
export const RESEND_EMAIL_WALKS: Record<string, boolean> = { 'cooling down': true, ready: false };

/** The button's call the replay holds and settles (or fails) when a path says. */
const RESEND_EMAIL_EFFECTS = ['resendVerification'];

/** What one replay of a resendEmail path runs and reads: `resendEmailSpec(coolingDown).expect`'s terms. */
export function resendEmailTarget(coolingDown: boolean): ReplayTarget {
  return {
    machine: resendEmailMachine,
    input: { email: RESEND_TO, coolingDown },
    effects: RESEND_EMAIL_EFFECTS,
    observe: ({ snapshot }) => {
      const s = snapshot as SnapshotFrom<typeof resendEmailMachine>;
      return {
        disabled: button.disabled(s),
        sending: button.sending(s),
        secondsLeft: button.secondsLeft(s),
        result: button.result(s),
      };
    },
  };
}

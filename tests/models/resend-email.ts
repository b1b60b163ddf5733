// The "Resend email" button: a 60 s cooldown after registering (or none on demand), then a resend
// that says whether the mail went out.
import type { AnyMachineSnapshot } from 'xstate';
import { resendEmailMachine, type ResendEmailContext } from '../../machines/auth/resend-email.ts';
import type { MachineModel } from './types.ts';

export const RESEND_EMAIL = 'new.user@gmail.com';

/** Cooling down or not, and the message shown: the countdown's every second is the same state. */
const abstract = (s: AnyMachineSnapshot) => {
  const c = s.context as ResendEmailContext;
  return `${JSON.stringify(s.value)} ${c.secondsLeft > 0 ? 'cooling' : 'cool'} ${c.result?.text ?? ''}`;
};

const walk = (coolingDown: boolean): MachineModel => ({
  machine: resendEmailMachine,
  actors: ['resendVerification'],
  label: coolingDown ? 'after registration' : 'on demand',
  input: { email: RESEND_EMAIL, coolingDown },
  serialize: abstract,
  samples: {
    'xstate.done.actor.resendVerification': [
      { type: 'xstate.done.actor.resendVerification', output: { success: true, msg: 'ok' } },
      { type: 'xstate.done.actor.resendVerification', output: { success: false, msg: '' } },
    ],
    'xstate.error.actor.resendVerification': [
      { type: 'xstate.error.actor.resendVerification', error: new Error('net') },
    ],
  },
  observe: (c: ResendEmailContext) => c.result,
  maxSteps: 7,
});

/** After registration (cooling down first), and on demand (`variants`: ready at once). */
/** What a person sees in each state. */
const SEES: Record<string, string> = {
  resendEmail: 'The "Resend Email" button and its result line',
  'resendEmail.checking': 'The resend button (deciding between countdown and ready)',
  'resendEmail.coolingDown': 'Disabled button "Resend in Ns", counting down',
  'resendEmail.ready': '"Resend Email" enabled, with the last result in green or red',
  'resendEmail.sending': '"Resend Email" disabled while the mail is sent',
};

export const resendEmailModel: MachineModel = { ...walk(true), sees: SEES, variants: [walk(false)] };

// The "Check Your Email" dialog after registering: shown with the address and a cooling-down resend
// button, force-closed 700 ms after dismissal.
import { registrationSuccessMachine } from '../../machines/auth/registration-success.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  registrationSuccess: 'The "Check Your Email" dialog after signing up',
  'registrationSuccess.closed': 'No dialog',
  'registrationSuccess.shown':
    '"Check Your Email": the address, three steps, "Open Gmail"/…, "Resend in Ns", "I\'ll check later"',
  'registrationSuccess.shown.open': '"Check Your Email" dialog open, the resend button counting down',
  'registrationSuccess.shown.closing': 'The dialog fading out',
};

export const registrationSuccessModel: MachineModel = {
  sees: SEES,
  machine: registrationSuccessMachine,
  actors: [],
  samples: {
    'registration.succeeded': [{ type: 'registration.succeeded', email: 'new.user@outlook.com' }],
  },
  observe: (c: { email: string }) => c.email,
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};

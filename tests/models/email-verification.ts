// The page a verification link opens: verifies the token, or explains why not and offers a new link.
import type { AnyMachineSnapshot } from 'xstate';
import {
  emailVerificationMachine,
  type EmailVerificationContext,
} from '../../machines/auth/email-verification.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  emailVerification: 'The page a verification link opens',
  'emailVerification.idle': '"Verifying your email" card with a spinner',
  'emailVerification.verifying': '"Verifying your email": "Checking your link…" with a spinner',
  'emailVerification.verified': '"Your email is verified": you can now log in, "Log in" / "Browse prompts"',
  'emailVerification.failed': '"This link did not work" with the reason and a form to send a new link',
  'emailVerification.failed.form':
    '"This link did not work": the reason, an email field and "Send a new link"',
  'emailVerification.failed.sending': '"Send a new link" busy while the new link is sent',
  'emailVerification.failed.sent': '"Check your email": "Verification email sent successfully!"',
};

export const emailVerificationModel: MachineModel = {
  sees: SEES,
  machine: emailVerificationMachine,
  actors: ['verifyEmail', 'resendVerification'],
  samples: {
    'verify.start': [{ type: 'verify.start', token: 'tok123' }],
    'field.change': [
      { type: 'field.change', value: 'new.user@gmail.com' },
      { type: 'field.change', value: 'nope' },
    ],
    'xstate.done.actor.verifyEmail': [
      { type: 'xstate.done.actor.verifyEmail', output: { status: 'verified', email: 'new.user@gmail.com' } },
      {
        type: 'xstate.done.actor.verifyEmail',
        output: { status: 'expired', email: 'new.user@gmail.com', msg: 'This link has expired.' },
      },
      {
        type: 'xstate.done.actor.verifyEmail',
        output: { status: 'invalid', msg: 'This link is not valid.' },
      },
    ],
    'xstate.error.actor.verifyEmail': [{ type: 'xstate.error.actor.verifyEmail', error: new Error('net') }],
    'xstate.done.actor.resendVerification': [
      { type: 'xstate.done.actor.resendVerification', output: { success: true, msg: '' } },
      { type: 'xstate.done.actor.resendVerification', output: { success: false, msg: 'Too many requests' } },
    ],
    'xstate.error.actor.resendVerification': [
      { type: 'xstate.error.actor.resendVerification', error: new Error('net') },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as EmailVerificationContext;
    return `${JSON.stringify(s.value)}|${c.email}|${c.message}|${c.fieldError}`;
  },
  observe: (c: EmailVerificationContext) => ({ message: c.message, fieldError: c.fieldError }),
  maxSteps: 6,
};

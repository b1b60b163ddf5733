import { assign, setup, type ActorRefFrom } from 'xstate';
import { resendEmailMachine } from './resend-email.ts';

export type RegistrationSuccessEvent =
  | { type: 'registration.succeeded'; email: string }
  /** "I'll check later" or the close button. */
  | { type: 'dialog.dismiss' }
  /** The view reports the end of the closing animation. */
  | { type: 'animation.end' };

/**
 * The "Check Your Email" dialog (requirements §2): open with the address and its resend button (cooling
 * down from the start), then an animated close; `closeFallback` force-closes if the animation never
 * reports its end.
 */
export const registrationSuccessMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { email: string },
    events: {} as RegistrationSuccessEvent,
    tags: {} as 'visible' | 'closing',
  },
  delays: { closeFallback: 700 },
  actors: { resendEmail: resendEmailMachine },
}).createMachine({
  id: 'registrationSuccess',
  context: { email: '' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'registration.succeeded': { target: 'shown', actions: assign({ email: ({ event }) => event.email }) },
      },
    },
    shown: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'On screen, opening or closing; the resend button keeps counting through the fade.',
      tags: ['visible'],
      invoke: {
        id: 'resend',
        src: 'resendEmail',
        input: ({ context }) => ({ email: context.email, coolingDown: true }),
      },
      initial: 'open',
      states: {
        open: { on: { 'dialog.dismiss': 'closing' } },
        closing: {
          tags: ['closing'],
          on: { 'animation.end': '#registrationSuccess.closed' },
          after: { closeFallback: '#registrationSuccess.closed' },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    registrationSuccess: RegistrationSuccessEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    registrationSuccess: ActorRefFrom<typeof registrationSuccessMachine>;
  }
}

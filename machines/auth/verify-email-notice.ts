import { assign, setup, type ActorRefFrom } from 'xstate';
import { resendEmailMachine } from './resend-email.ts';

export type VerifyEmailNoticeEvent = { type: 'notice.show'; email: string } | { type: 'notice.close' };

/**
 * requirements §2 "Another dialog" (a visible flag, an email, a close action): shown when someone signs
 * in with an address not yet verified, offering the verification mail again with the same cooldown.
 */
export const verifyEmailNoticeMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { email: string },
    events: {} as VerifyEmailNoticeEvent,
    tags: {} as 'visible',
  },
  actors: { resendEmail: resendEmailMachine },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'verifyEmailNotice',
  context: { email: '' },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'notice.show': { target: 'visible', actions: assign({ email: ({ event }) => event.email }) } },
    },
    visible: {
      tags: ['visible'],
      invoke: {
        id: 'resend',
        src: 'resendEmail',
        input: ({ context }) => ({ email: context.email, coolingDown: false }),
      },
      on: {
        'notice.close': 'hidden',
        'notice.show': {
          target: 'visible',
          reenter: true,
          actions: assign({ email: ({ event }) => event.email }),
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    verifyEmailNotice: VerifyEmailNoticeEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    verifyEmailNotice: ActorRefFrom<typeof verifyEmailNoticeMachine>;
  }
}

// The dialog the social sign-in's model paths (tests/models/spec/social-login.ts) are replayed in,
// shared by its model test (tests/machines/social-login.model.test.ts) and `npm run replay --
// socialLogin <n>`, which replays the same paths in Node (tests/replay/node-runner.ts): a small
// dialog runs the flow, hears its phases and its end, hands it the popup's events, and provides it
// the effects (authorize, popup, storage look, session check) the replay holds; the sign-in it
// completes (src/'s action) is written down.
import { assign, sendTo, setup, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { socialLoginMachine } from '../../machines/auth/social-login.ts';
import { INPUT } from '../models/spec/social-login.ts';
import type { ReplayTarget } from './spec-model.ts';

/** The flow's calls the replay holds and settles (or fails) when a path says. */
const SOCIAL_LOGIN_EFFECTS = ['authorize', 'popup', 'readStoredSignIn', 'checkLoggedIn'] as const;

/** The dialog: runs the flow with the effects the replay controls (its own, as provided to it). */
const dialogOf = (completed: unknown[]) =>
  setup({
    types: {
      context: {} as { login: AnyActorRef | null; heard: string[]; output: unknown },
    },
    actors: Object.fromEntries(SOCIAL_LOGIN_EFFECTS.map((name) => [name, socialLoginMachine])) as never,
  }).createMachine({
    context: ({ spawn: spawnAny, self }) => {
      const spawn = spawnAny as unknown as (logic: AnyStateMachine, options: object) => AnyActorRef;
      const { actors } = (self as unknown as { logic: AnyStateMachine }).logic.implementations;
      const flow = socialLoginMachine.provide({
        actors: Object.fromEntries(SOCIAL_LOGIN_EFFECTS.map((name) => [name, actors[name]])) as never,
        actions: { completeSignIn: (_, signedIn) => void completed.push(signedIn) },
      });
      return { login: spawn(flow, { id: 'login', input: INPUT }), heard: [], output: null };
    },
    on: {
      'popup.*': {
        actions: sendTo(
          ({ context }) => context.login!,
          ({ event }) => event,
        ),
      },
      'social.phase': {
        actions: assign({
          heard: ({ context, event }) => [...context.heard, (event as unknown as { phase: string }).phase],
        }),
      },
      'xstate.done.actor.login': {
        actions: assign({ output: ({ event }) => (event as unknown as { output: unknown }).output }),
      },
    },
  });

/**
 * What one replay of a socialLogin path runs and reads (fresh for each path: the sign-ins completed
 * start empty): the dialog, the calls the replay holds, and what it heard in the model's terms
 * (`socialLoginSpec().expect`).
 */
export function socialLoginTarget(): ReplayTarget {
  const completed: unknown[] = [];
  return {
    machine: dialogOf(completed),
    effects: [...SOCIAL_LOGIN_EFFECTS],
    observe: ({ snapshot }) => {
      const { heard, output } = snapshot.context as { heard: string[]; output: unknown };
      return { heard, completed, output };
    },
  };
}

// socialLogin against its independent model (tests/models/spec/social-login.ts): every path of the
// model replayed on the machine, run by a small dialog that hears its phases and its end, hands it the
// popup's events, and whose effects (authorize, popup, storage look, session check) are controlled.
import { describe, it } from 'vitest';
import { assign, sendTo, setup, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { socialLoginMachine } from '../../machines/auth/social-login.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { INPUT, socialLoginSpec } from '../models/spec/social-login.ts';

const model = socialLoginSpec();
const EFFECTS = ['authorize', 'popup', 'readStoredSignIn', 'checkLoggedIn'] as const;

/** The dialog: runs the flow with the effects the replay controls (its own, as provided to it). */
const dialogOf = (completed: unknown[]) =>
  setup({
    types: {
      context: {} as { login: AnyActorRef | null; heard: string[]; output: unknown },
    },
    actors: Object.fromEntries(EFFECTS.map((name) => [name, socialLoginMachine])) as never,
  }).createMachine({
    context: ({ spawn: spawnAny, self }) => {
      const spawn = spawnAny as unknown as (logic: AnyStateMachine, options: object) => AnyActorRef;
      const { actors } = (self as unknown as { logic: AnyStateMachine }).logic.implementations;
      const flow = socialLoginMachine.provide({
        actors: Object.fromEntries(EFFECTS.map((name) => [name, actors[name]])) as never,
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

describe(`socialLogin against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const completed: unknown[] = [];
      return replaySpecPath(
        model,
        {
          machine: dialogOf(completed),
          effects: [...EFFECTS],
          observe: ({ snapshot }) => {
            const { heard, output } = snapshot.context as { heard: string[]; output: unknown };
            return { heard, completed, output };
          },
        },
        path,
      );
    });
  }
});

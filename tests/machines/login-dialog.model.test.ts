// loginDialog against its independent model (tests/models/spec/login-dialog.ts): every path of each
// scenario replayed on the machine, run in a small system with a session that says when someone is
// signed in (the dialog follows it), the dialog's calls controlled (the social flow included, as one
// call whose phases the steps report), what it hands to the app recorded, observed through its
// selectors.
import { describe, it } from 'vitest';
import { emit, sendTo, setup, type AnyActorRef, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { loginDialogMachine } from '../../machines/auth/login-dialog.ts';
import * as view from '../../machines/auth/login-dialog.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { CALLBACK_URL, loginDialogSpec, type Scenario } from '../models/spec/login-dialog.ts';

const EFFECTS = ['emailLogin', 'emailRegister', 'guestLogin', 'socialLogin'] as const;

/** The session as the dialog follows it: it says "a member is signed in" when told to. */
const session = setup({}).createMachine({
  on: { 'session.member': { actions: emit(({ event }) => event as never) } },
});

/** The app around the dialog: the session, then the dialog with the calls the replay controls. */
const appOf = (done: unknown[]) =>
  setup({
    types: { context: {} as { dialog: AnyActorRef; session: AnyActorRef } },
    actors: Object.fromEntries(EFFECTS.map((name) => [name, loginDialogMachine])) as never,
  }).createMachine({
    context: ({ spawn: spawnAny, self }) => {
      const spawn = spawnAny as unknown as (logic: AnyStateMachine, options: object) => AnyActorRef;
      const { actors } = (self as unknown as { logic: AnyStateMachine }).logic.implementations;
      const sessionRef = spawn(session, { systemId: 'session' });
      const dialog = loginDialogMachine.provide({
        actors: Object.fromEntries(EFFECTS.map((name) => [name, actors[name]])) as never,
        actions: {
          signedIn: (_, signedIn) => void done.push({ signedIn }),
          rememberEmail: (_, p) => void done.push({ rememberEmail: p }),
          registered: (_, p) => void done.push({ registered: p }),
          showUnverified: (_, p) => void done.push({ showUnverified: p }),
        },
      });
      return {
        session: sessionRef,
        dialog: spawn(dialog, { id: 'dialog', input: { callbackUrl: CALLBACK_URL } }),
      };
    },
    on: {
      'session.member': {
        actions: sendTo(
          ({ context }) => context.session,
          ({ event }) => event,
        ),
      },
      '*': {
        actions: sendTo(
          ({ context }) => context.dialog,
          ({ event }) => event,
        ),
      },
    },
  });

const SCENARIOS: Scenario[] = [
  'navigation',
  'loginForm',
  'registerForm',
  'emailLogin',
  'register',
  'social',
  'guest',
];

for (const scenario of SCENARIOS) {
  const model = loginDialogSpec(scenario);
  describe(`loginDialog against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () => {
        const done: unknown[] = [];
        return replaySpecPath(
          model,
          {
            machine: appOf(done),
            effects: [...EFFECTS],
            observe: ({ snapshot }) => {
              const s = (snapshot.context as { dialog: AnyActorRef }).dialog.getSnapshot() as SnapshotFrom<
                typeof loginDialogMachine
              >;
              return {
                open: view.open(s),
                mode: view.mode(s),
                busy: view.busy(s),
                status: view.status(s),
                message: view.message(s),
                form: view.form(s),
                errors: Object.fromEntries(Object.entries(view.errors(s)).sort()),
                done,
              };
            },
          },
          path,
        );
      });
    }
  });
}

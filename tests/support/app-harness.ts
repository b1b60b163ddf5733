// The page the root's model paths (tests/models/spec/app.ts) are replayed in, shared by its model test
// (tests/machines/app.model.test.ts) and `npm run replay -- app <n>`, which replays the same paths in
// Node (tests/replay/node-runner.ts). The root runs as it does in the page, with systemId "app",
// beside whatever speaks to the session (a sign-in, a logout); the session is the real one (restored
// as a visitor), the toasts a recorder, the loaded code stand-ins that note what they hear, and the
// dialog's opening (src/'s action) is noted too. Which actors run is read from the system, by every
// systemId of the registry. The replay (tests/support/spec-model.ts) holds the loads and the clock.
import {
  forwardTo,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { appMachine } from '../../machines/app/app.ts';
import { loginWaiting, signInReady } from '../../machines/app/app.selectors.ts';
import { sessionMachine, type Restored } from '../../machines/auth/session.ts';
import { REGISTRY } from '../../machines/app/registry.ts';
import { APP_INPUT, byActor, heardLog, NOW } from '../models/spec/app.ts';
import type { ReplayTarget } from './spec-model.ts';

/** The session as src/ runs it, on storage that holds no token (the last login toast just shown). */
export const pageSession = sessionMachine.provide({
  actors: {
    restoreSession: fromPromise<Restored>(async () => ({ status: 'none', lastLoginToastAt: NOW })),
    serverLogout: fromPromise(async () => {}),
    storageListener: fromCallback(() => () => {}),
  },
});

const toast = fromCallback<EventObject>(({ receive }) => {
  receive((event) => {
    const { kind, message } = event as unknown as { kind: string; message: string };
    heardLog.push(`toast: ${event.type} ${kind}: ${message}`);
  });
});

/** The root's loads the replay holds and settles (or fails) when a path says. */
export const APP_EFFECTS = ['loadSignIn', 'loadMember'];

/**
 * The page around the root, as a machine the replay can provide the root's effects to: session events
 * go to the session (by its systemId), everything else to the root.
 */
export const page: AnyStateMachine = {
  provide: ({ actors }: { actors: Record<string, AnyActorLogic> }) => {
    const app = appMachine.provide({
      actors: { ...actors, session: pageSession, toast } as never,
      actions: {
        openLoginDialog: (_, request) => heardLog.push(`open login dialog ${JSON.stringify(request)}`),
      },
    });
    return setup({ actors: { app } }).createMachine({
      invoke: { id: 'app', src: 'app', systemId: 'app', input: APP_INPUT },
      on: {
        '*': [
          {
            guard: ({ event }) => event.type.startsWith('session.'),
            actions: sendTo(
              ({ system }) => system.get('session') as AnyActorRef,
              ({ event }) => event,
            ),
          },
          { actions: forwardTo('app') },
        ],
      },
    });
  },
} as never;

/**
 * What one replay of a root path runs and reads (fresh for each path: what the stand-ins heard is
 * forgotten): the page, the loads the replay holds, and what the root shows in the model's terms
 * (`appSpec.expect`).
 */
export function appTarget(): ReplayTarget {
  heardLog.length = 0;
  return {
    machine: page,
    effects: APP_EFFECTS,
    observe: ({ snapshot, actor }) => {
      const app = (snapshot.children as Record<string, AnyActorRef>).app!.getSnapshot();
      const system = actor.system;
      const closeDelay = (id: string) =>
        (system.get(id)?.getSnapshot() as { context: { closeDelay: number } } | undefined)?.context
          .closeDelay;
      return {
        running: Object.keys(REGISTRY)
          .filter((id) => system.get(id) !== undefined)
          .sort(),
        signInReady: signInReady(app),
        loginWaiting: loginWaiting(app),
        held: app.context.deliveries,
        // the root's own children by id (the inspector's names), an invocation without one aside
        children: Object.keys(app.children)
          .filter((id) => !/^\d+\./.test(id))
          .sort(),
        heard: byActor(heardLog.splice(0)),
        menus: { categoryMenu: closeDelay('categoryMenu'), accountMenu: closeDelay('accountMenu') },
        retriedWhenBack: (
          system.get('connection')?.getSnapshot() as { context: { retryOnRestore: unknown } } | undefined
        )?.context.retryOnRestore,
      };
    },
  };
}

// app against its independent model (tests/models/spec/app.ts): every path of the model replayed on
// the root. The root runs as it does in the page, with systemId "app", beside whatever speaks to the
// session (a sign-in, a logout); the session is the real one (restored as a visitor), the toasts a
// recorder, the loaded code stand-ins that note what they hear, and the dialog's opening (src/'s
// action) is noted too. Which actors run is read from the system, by every systemId of the registry.
import { describe, expect, it } from 'vitest';
import {
  createActor,
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
import { REGISTRY } from '../../machines/system/registry.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { APP_INPUT, appSpec, byActor, heardLog, NOW } from '../models/spec/app.ts';

/** The session as src/ runs it, on storage that holds no token (the last login toast just shown). */
const session = sessionMachine.provide({
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

/**
 * The page around the root, as a machine the replay can provide the root's effects to: session events
 * go to the session (by its systemId), everything else to the root.
 */
const page: AnyStateMachine = {
  provide: ({ actors }: { actors: Record<string, AnyActorLogic> }) => {
    const app = appMachine.provide({
      actors: { ...actors, session, toast } as never,
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

describe(`app against ${appSpec.spec}`, () => {
  const paths = specPaths(appSpec);

  it('has paths through every region: sign-in code, member code, a member, a page', () => {
    const labels = paths.map((p) => p.title).join('\n');
    for (const part of ['sign-in ready', 'member code ready', 'signed in', 'checkout', 'cart up front'])
      expect(labels, part).toContain(part);
  });

  for (const path of paths) {
    it(path.title, async () => {
      heardLog.length = 0;
      await replaySpecPath(
        appSpec,
        {
          machine: page,
          effects: ['loadSignIn', 'loadMember'],
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
                system.get('connection')?.getSnapshot() as
                  { context: { retryOnRestore: unknown } } | undefined
              )?.context.retryOnRestore,
            };
          },
        },
        path,
      );
    });
  }
});

describe('app with loaders src/ did not provide', () => {
  it('fails each load with a message naming it, and the region can be asked again', async () => {
    const failed: string[] = [];
    // the session as src/ runs it; the loaders left as the machine declares them
    const actor = createActor(appMachine.provide({ actors: { session } as never }), {
      systemId: 'app',
      input: APP_INPUT,
      inspect: (e) => {
        if (e.type !== '@xstate.event' || !/^xstate\.error\.actor\.load/.test(e.event.type)) return;
        failed.push(
          `${e.event.type.slice('xstate.error.actor.'.length)}: ${(e.event as unknown as { error: Error }).error.message}`,
        );
      },
    });
    actor.start();
    actor.send({ type: 'signIn.prepare' });
    actor.send({ type: 'member.prepare' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(failed).toEqual([
      'loadSignIn: loadSignIn is provided by src/',
      'loadMember: loadMember is provided by src/',
    ]);
    expect(signInReady(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ signIn: 'absent', member: 'absent' })).toBe(true);
    actor.stop();
  });
});

// session against its independent model (tests/models/spec/session.ts): every path of the model
// replayed on the machine. The session runs in a small system beside a toast that writes down what it
// is told; what it stores and tells the window (src/'s actions) and what it announces (its emitted
// events) go to one log, in order, and its storage listener counts as running while it runs.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  forwardTo,
  fromCallback,
  fromPromise,
  SimulatedClock,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { sessionMachine, type Restored } from '../../machines/auth/session.ts';
import { user, view } from '../../machines/auth/session.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { sessionSpec, storedUser } from '../models/spec/session.ts';

interface Heard {
  said: string[];
  announced: string[];
  toasts: string[];
  listening: number;
}

/**
 * The system the session runs in, as a machine the replay can provide its effects to: `provide` puts
 * them into the session, which runs with systemId "session" beside a recording "toast".
 */
function systemOf(heard: Heard): AnyStateMachine {
  const build = (actors: Record<string, AnyActorLogic>) => {
    const session = sessionMachine.provide({
      actors: {
        ...actors,
        storageListener: fromCallback(() => {
          heard.listening++;
          return () => {
            heard.listening--;
          };
        }),
      } as never,
      actions: {
        persistSignIn: (_, p) => heard.said.push(`persistSignIn ${p.token} ${JSON.stringify(p.user)}`),
        persistUser: (_, p) => heard.said.push(`persistUser ${JSON.stringify(p.user)}`),
        clearSession: () => heard.said.push('clearSession'),
        announceLogin: () => heard.said.push('login-success event'),
        announceLogout: () => heard.said.push('user-logout event'),
        rememberLoginToast: (_, p) => heard.said.push(`rememberLoginToast ${p.at}`),
        cleanSocialLoginParam: () => heard.said.push('cleanSocialLoginParam'),
      },
    });
    const toast = fromCallback<EventObject>(({ receive }) => {
      receive((event) => {
        const { kind, message } = event as unknown as { kind: string; message: string };
        heard.toasts.push(`${event.type === 'toast.show' ? '' : `${event.type} `}${kind}: ${message}`);
      });
    });
    return setup({ actors: { session, toast } }).createMachine({
      invoke: [
        { src: 'toast', systemId: 'toast' },
        { id: 'session', src: 'session', systemId: 'session' },
      ],
      // what the page, the API client and other tabs tell the session
      on: { '*': { actions: forwardTo('session') } },
    });
  };
  return { provide: ({ actors }: { actors: Record<string, AnyActorLogic> }) => build(actors) } as never;
}

const listened = new WeakSet<AnyActorRef>();

for (const model of [sessionSpec]) {
  describe(`session against ${model.spec}`, () => {
    const paths = specPaths(model);

    it('has a path to a visitor, a member, a logout and each listener pause', () => {
      const labels = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.phase + ' ' + s.state.quiet)));
      expect(labels).toEqual(
        new Set(['visitor open', 'visitor paused', 'visitor guarded', 'member null', 'leavingSession null']),
      );
    });

    for (const path of paths) {
      it(path.title, async () => {
        const heard: Heard = { said: [], announced: [], toasts: [], listening: 0 };
        await replaySpecPath(
          model,
          {
            machine: systemOf(heard),
            effects: ['restoreSession', 'fetchAccount', 'refreshAccount', 'serverLogout', 'readAuthMarks'],
            observe: ({ snapshot }) => {
              const session = (snapshot.children as Record<string, AnyActorRef>).session!;
              // what it announces, heard from its start (it says nothing before its restore answers)
              if (!listened.has(session)) {
                listened.add(session);
                session.on('*', (event: EventObject & { token?: string }) =>
                  heard.announced.push(
                    event.token === undefined ? event.type : `${event.type} ${event.token}`,
                  ),
                );
              }
              const s = session.getSnapshot();
              const seen = {
                view: view(s),
                restoring: s.hasTag('pending'),
                loadingAccount: s.hasTag('loadingUser'),
                loggingOut: s.hasTag('loggingOut'),
                running: Object.keys(s.children).sort(),
                token: s.context.token,
                user: user(s),
                revoked: s.context.revoked,
                listening: heard.listening,
                said: heard.said.splice(0),
                announced: heard.announced.splice(0),
                toasts: heard.toasts.splice(0),
              };
              return seen;
            },
          },
          path,
        );
      });
    }
  });
}

describe('session with an effect src/ did not provide', () => {
  /** The failures the session's effects reported, by effect: each names what was not provided. */
  async function failures(machine: AnyStateMachine, drive: (send: (e: AnyEventObject) => void) => void) {
    const heard: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(machine, {
      clock,
      inspect: (e) => {
        if (e.type !== '@xstate.event' || !e.event.type.startsWith('xstate.error.actor.')) return;
        const { error } = e.event as unknown as { error: Error };
        heard.push(`${e.event.type.slice('xstate.error.actor.'.length)}: ${error.message}`);
      },
    });
    actor.subscribe({ error: () => {} });
    actor.start();
    await new Promise((resolve) => setImmediate(resolve));
    drive((event) => actor.send(event));
    for (let i = 0; i < 3; i++) {
      clock.increment(5000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    actor.stop();
    return heard;
  }

  it('fails each call with a message naming it, and goes on as after a failed call', async () => {
    expect(await failures(sessionMachine, () => {})).toEqual([
      'restoreSession: restoreSession must be provided',
      'storageListener: storageListener must be provided',
    ]);
    const restored = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<Restored> => ({
          status: 'valid',
          token: 'tok-a',
          user: storedUser,
          socialLogin: false,
        })),
        storageListener: fromCallback(() => () => {}),
      },
    });
    expect(
      await failures(restored, (send) => {
        send({ type: 'session.signedIn', token: 'tok-b', now: 1 });
        send({ type: 'session.logout' });
      }),
    ).toEqual([
      'refreshAccount: refreshAccount must be provided',
      'fetchAccount: fetchAccount must be provided',
      'serverLogout: serverLogout must be provided',
    ]);
    const member = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<Restored> => ({ status: 'none' })),
        storageListener: fromCallback(() => () => {}),
      },
    });
    expect(
      await failures(member, (send) =>
        send({ type: 'session.signedIn', token: 'tok-b', userData: { userId: 'u-2' }, now: 1 }),
      ),
      // one failed read every 5000 ms, the poll going on
    ).toEqual(Array(3).fill('readAuthMarks: readAuthMarks must be provided'));
  });
});

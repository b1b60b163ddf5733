// session against its independent model (tests/models/spec/session.ts): every path of the model
// replayed on the machine. The session runs in a small system beside a toast that writes down what it
// is told; what it stores and tells the window (src/'s actions) and what it announces (its emitted
// events) go to one log, in order, and its storage listener counts as running while it runs
// (tests/support/session-harness.ts, which `npm run replay -- session <n>` replays the paths in too).
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import { sessionMachine, type Restored } from '../../machines/auth/session.ts';
import { replaySpecPath, specPaths, type SpecPath, type SpecStep } from '../support/spec-model.ts';
import { sessionTarget } from '../support/session-harness.ts';
import { RESTORES, sessionSpec, STORAGE, storedUser, type SessionState } from '../models/spec/session.ts';

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
        await replaySpecPath(model, sessionTarget(), path);
      });
    }
  });
}

// requirements §4: another tab's token is adopted "unless a logout happened less than 3 s earlier" (§9
// window 3000 ms). Both sides of the edge, as the model says and replayed on the machine: 2999 ms
// after the logout is the last instant inside (ignored), 3000 ms the first outside (adopted).
describe('session: the 3000 ms cross-tab window after a logout, on both sides of its edge', () => {
  /** The model's path: restored as a visitor with nothing stored, then another tab's token. */
  const visitorThen = (event: (typeof STORAGE)[keyof typeof STORAGE]): SpecPath<SessionState> => {
    let state = sessionSpec.initial;
    const steps: SpecStep[] = [{ settle: 'restoreSession', output: RESTORES.none }, { send: event }];
    return {
      title: `a visitor, then a token ${event.marks.now - event.marks.logoutTime!} ms after a logout`,
      steps: steps.map((step) => ({ step, state: (state = sessionSpec.next(state, step)) })),
    };
  };

  it('ignores a token stored 2999 ms after the logout, inside the window', async () => {
    expect(STORAGE.afterLogout.marks.now - STORAGE.afterLogout.marks.logoutTime!).toBe(2999);
    const path = visitorThen(STORAGE.afterLogout);
    expect(path.steps.at(-1)!.state).toMatchObject({ phase: 'visitor', quiet: 'open', token: null });
    await replaySpecPath(sessionSpec, sessionTarget(), path);
  });

  it('adopts a token stored 3000 ms after the logout, the first instant outside', async () => {
    expect(STORAGE.afterLogoutWindow.marks.now - STORAGE.afterLogoutWindow.marks.logoutTime!).toBe(3000);
    const path = visitorThen(STORAGE.afterLogoutWindow);
    // logged in there 1000 ms ago: taken directly, with the user stored there
    expect(path.steps.at(-1)!.state).toMatchObject({
      phase: 'member',
      token: 'tok-h',
      account: 'ready',
      user: STORAGE.afterLogoutWindow.marks.storedUser,
    });
    await replaySpecPath(sessionSpec, sessionTarget(), path);
  });

  it('is walked by the generated paths on both sides', () => {
    const taken = specPaths(sessionSpec).flatMap((p) => p.steps.map(({ step }) => step));
    expect(taken).toContainEqual({ send: STORAGE.afterLogout });
    expect(taken).toContainEqual({ send: STORAGE.afterLogoutWindow });
  });
});

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

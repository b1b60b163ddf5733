// `npm run replay -- session <n>`, `-- app <n>` (and the other machines of NODE_REPLAYS, each walk in
// its own harness) replay a path in Node on the real machine (tests/replay/node-runner.ts): each step passes or fails on its own, a failure names the keys the
// machine showed otherwise (both values), and the steps after it are not replayed. The paths here are
// built from each model's own steps, so they stand whatever paths the generator picks.
import { describe, expect, it } from 'vitest';
import { appSpec } from '../models/spec/app.ts';
import { resendEmailSpec } from '../models/spec/resend-email.ts';
import { RESTORES, sessionSpec, type SessionState } from '../models/spec/session.ts';
import { toastItemSpec } from '../models/spec/toast-item.ts';
import {
  EFFECTS_KEY,
  NODE_REPLAYS,
  nodeReplayFor,
  nodeResultText,
  replayPathInNode,
} from '../replay/node-runner.ts';
import { specPathsOf, type SpecPathEntry } from '../replay/spec-paths.ts';
import { specStepLabel, type SpecModel, type SpecStep } from '../support/spec-model.ts';

/** A path of the model through these steps (each the model's own, or as given), as the catalogue lists one. */
function entryOf<S>(machine: string, model: SpecModel<S>, picks: (SpecStep | string)[]): SpecPathEntry {
  let state = model.initial;
  const steps = picks.map((pick) => {
    const step =
      typeof pick === 'string' ? model.steps(state).find((s) => specStepLabel(s).startsWith(pick))! : pick;
    expect(step, pick as string).toBeDefined();
    state = model.next(state, step);
    return { step, state };
  });
  const title = steps.map((s) => specStepLabel(s.step)).join(' · ');
  return {
    machine,
    walk: '',
    id: '1',
    title,
    requirement: model.spec,
    model: model as unknown as SpecModel<unknown>,
    path: { title, steps } as never,
  };
}

const session = nodeReplayFor('session')!;
const app = nodeReplayFor('app')!;

describe('a replay in Node on the real machine', () => {
  it('replays a session path step by step, with the effects each step started', async () => {
    const entry = entryOf('session', sessionSpec, [
      { settle: 'restoreSession', output: RESTORES.member },
      'session.logout',
      'serverLogout answers',
    ]);
    const result = await replayPathInNode(session, entry);
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.where).toBe('node');
    expect(result.steps.map((s) => [s.n, s.ok])).toEqual([
      [0, true],
      [1, true],
      [2, true],
      [3, true],
    ]);
    const effects = result.steps.map((s) => s.observed.find((o) => o.key === EFFECTS_KEY)!.actual);
    expect(effects[0]).toBe(JSON.stringify([{ actor: 'restoreSession' }]));
    expect(JSON.parse(effects[1]!)).toEqual([{ actor: 'refreshAccount', input: { token: 'tok-a' } }]);
    expect(JSON.parse(effects[2]!)).toEqual([
      { actor: 'serverLogout', input: { token: 'tok-a', memberId: 'u-1' } },
    ]);
    expect(result.compared).toEqual(expect.arrayContaining(['view', 'said', 'announced', EFFECTS_KEY]));
    const text = nodeResultText(result, entry.path.steps.length);
    expect(text).toMatch(/^✔ session 1: /);
    expect(text).toContain('✔  3  serverLogout answers → visitor (paused)');
    expect(text).toContain('toasts: (success: You have been successfully logged out)');
  });

  it('stops at the step where the machine shows otherwise, naming what each side says', async () => {
    // a model that wrongly expects a visitor's header to read "logged in": the machine is right
    const wrong: SpecModel<SessionState> = {
      ...sessionSpec,
      expect: (s) => ({
        ...(sessionSpec.expect(s) as object),
        ...(s.phase === 'visitor' ? { view: 'loggedIn' } : {}),
      }),
    };
    const entry = entryOf('session', wrong, [
      { settle: 'restoreSession', output: RESTORES.none },
      { send: { type: 'session.logout' } },
    ]);
    const result = await replayPathInNode(session, entry);
    expect(result.ok).toBe(false);
    expect(result.error).toBeTruthy();
    expect(result.steps.map((s) => [s.n, s.ok])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(result.steps[1]!.observed.filter((o) => !o.ok)).toEqual([
      { key: 'view', expected: '"loggedIn"', actual: '"loggedOut"', ok: false },
    ]);
    const text = nodeResultText(result, entry.path.steps.length);
    expect(text).toMatch(/^✖ session 1: /);
    expect(text).toContain('view: the model expects "loggedIn"');
    expect(text).toContain('the machine shows "loggedOut"');
    expect(text).toContain('… step 2 not replayed');
  });

  it('fails the step the machine cannot take (no call of that effect to answer)', async () => {
    const entry = entryOf('session', sessionSpec, [{ settle: 'fetchAccount', output: null }]);
    const result = await replayPathInNode(session, entry);
    expect(result.ok).toBe(false);
    expect(result.error).toContain('fetchAccount');
    expect(result.steps.map((s) => [s.n, s.ok, s.observed.length > 0])).toEqual([
      [0, true, true],
      [1, false, false],
    ]);
  });

  it("replays the first path of every walk of each machine, in that walk's harness", async () => {
    for (const replay of NODE_REPLAYS) {
      const walks = new Map<string, SpecPathEntry>();
      for (const entry of specPathsOf(replay.machineId))
        if (!walks.has(entry.walk)) walks.set(entry.walk, entry);
      for (const entry of walks.values()) {
        const result = await replayPathInNode(replay, entry);
        expect(result.error, `${replay.machineId} ${entry.id}`).toBeUndefined();
        expect(result.steps.length, `${replay.machineId} ${entry.id}`).toBe(entry.path.steps.length + 1);
      }
    }
    // the toast's walks differ in its duration: each is replayed with its own
    const toastItem = nodeReplayFor('toastItem')!;
    const long = {
      ...entryOf('toastItem', toastItemSpec(4000), [{ wait: 3999 }, { wait: 1 }]),
      walk: '4000 ms',
    };
    expect(long.path.steps.map((s) => s.state)).toMatchObject([{ phase: 'visible' }, { phase: 'leaving' }]);
    expect((await replayPathInNode(toastItem, long)).ok).toBe(true);
    // the 4000 ms path on a toast of the default 2000 ms: it has already left after 3999 ms
    const swapped = await replayPathInNode(toastItem, { ...long, walk: 'default' });
    expect(swapped.ok).toBe(false);
    expect(swapped.steps.map((s) => s.ok)).toEqual([true, false]);
  });

  it('names the walks it knows when asked for another', async () => {
    const entry = entryOf('resendEmail', resendEmailSpec(false), [{ send: { type: 'resend.request' } }]);
    const result = await replayPathInNode(nodeReplayFor('resendEmail')!, { ...entry, walk: 'later' });
    expect(result.ok).toBe(false);
    expect(result.error).toBe(
      'The Node replay of resendEmail knows the walks "cooling down", "ready", not "later"',
    );
  });

  it('replays a path of the root: the sign-in code asked for, then loaded', async () => {
    const entry = entryOf('app', appSpec, ['signIn.prepare', 'loadSignIn answers']);
    const result = await replayPathInNode(app, entry);
    expect(result.error).toBeUndefined();
    expect(result.steps.map((s) => s.ok)).toEqual([true, true, true]);
    expect(result.steps[2]!.state).toBe('sign-in ready, member code absent');
    expect(JSON.parse(result.steps[1]!.observed.find((o) => o.key === EFFECTS_KEY)!.actual)).toEqual([
      { actor: 'loadSignIn' },
    ]);
  });
});

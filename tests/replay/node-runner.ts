// Replays spec paths in Node, on the real machine, for the machines whose paths Chromium does not
// replay (`npm run replay -- session <n>`, `npm run replay -- app <n>`, `-- toastItem "4000 ms" 1`):
// the same paths `npm run paths` numbers, replayed by tests/support/spec-model.ts's `replaySpecPath`
// in the very harness the machine's model test uses (tests/support/<machine file>-harness.ts: a
// simulated clock, the effects held and settled when the path says, what the machine told other
// actors recorded). After the start and every step, what the machine shows (the harness's
// observation, in the model's terms) and the effects it started are set beside what the model
// expects, key by key, so the report says per step what matched and what did not. A machine with
// several walks (another input) is replayed in each walk's harness (`target(walk)`).
//
// Why not Chromium for these: the session's steps are the restore's answer, another tab's storage
// events, the 5 s poll's reads, the account's and the logout call's answers, and the server refusing
// a token; the root's are loads of code that succeed or fail and events other machines send. None is
// a person's, the development build's replay harness (src/app/replay-harness.ts) can hold only the app's
// top-level effects (not the session's, nor the root's code loads), and the model's sample tokens
// handed to the page's session would be refused by the real server (a `session.revoked` the model
// does not have). The session's person-facing behaviour in a browser (sign in, log out, two tabs) is
// the end-to-end tests' (tests/e2e/). The connection's steps are the API client's and the browser's
// reports and the health probe's answers; the social sign-in's are the popup's messages and the
// authorize, storage and session answers. The resend button and a single toast are parts of other
// machines' pages (the sign-in notices', the toast queue's), replayed in Chromium through those
// machines' scripts; their own walks give them inputs (cooling down or not, a toast's duration)
// that no page hands them on demand.
import type { AnyActorLogic, AnyStateMachine } from 'xstate';
import { seesText } from '../models/spec-catalogue.ts';
import { appTarget } from '../support/app-harness.ts';
import { connectionTarget } from '../support/connection-harness.ts';
import { RESEND_EMAIL_WALKS, resendEmailTarget } from '../support/resend-email-harness.ts';
import { sessionTarget } from '../support/session-harness.ts';
import { socialLoginTarget } from '../support/social-login-harness.ts';
import { TOAST_ITEM_WALKS, toastItemTarget } from '../support/toast-item-harness.ts';
import {
  replaySpecPath,
  specStepLabel,
  type EffectCall,
  type ReplayTarget,
  type SpecStep,
} from '../support/spec-model.ts';
import { COLOCATED } from '../support/colocated.ts';
import type { Observation, PathResult, StepResult } from './runner.ts';
import type { SpecPathEntry } from './spec-paths.ts';

export interface NodeReplay {
  machineId: string;
  /** What the replay runs the machine in (the model test's harness). */
  harness: string;
  /**
   * A fresh target for one path of the walk (its label in tests/models/spec/index.ts, '' for a
   * machine with one walk): the machine in its harness, the calls held, what it observes.
   */
  target(walk: string): ReplayTarget;
}

/** The harness's input for a walk of a machine with several; a walk it does not know is an error. */
const walkOf =
  <T>(machineId: string, walks: Record<string, T>) =>
  (walk: string): T => {
    if (!Object.hasOwn(walks, walk))
      throw new Error(
        `The Node replay of ${machineId} knows the walks ${Object.keys(walks)
          .map((w) => `"${w}"`)
          .join(', ')}, not "${walk}"`,
      );
    return walks[walk] as T;
  };

export const NODE_REPLAYS: NodeReplay[] = [
  {
    machineId: 'session',
    harness:
      'tests/support/session-harness.ts (as tests/machines/session.model.test.ts): the real session ' +
      'beside a recording toast, its calls held, a simulated clock',
    target: sessionTarget,
  },
  {
    machineId: 'app',
    harness:
      'tests/support/app-harness.ts (as tests/machines/app.model.test.ts): the real root and session, ' +
      'the loaded code as recording stand-ins, its loads held, a simulated clock',
    target: appTarget,
  },
  {
    machineId: 'connection',
    harness:
      'tests/support/connection-harness.ts (as tests/machines/connection.model.test.ts): the real ' +
      'connection beside recording page machines to retry, its probe held, a simulated clock',
    target: connectionTarget,
  },
  {
    machineId: 'resendEmail',
    harness:
      'tests/support/resend-email-harness.ts (as tests/machines/resend-email.model.test.ts): the real ' +
      'resend button, cooling down or ready as the walk says, its resend call held, a simulated clock',
    target: (walk) => resendEmailTarget(walkOf('resendEmail', RESEND_EMAIL_WALKS)(walk)),
  },
  {
    machineId: 'socialLogin',
    harness:
      'tests/support/social-login-harness.ts (as tests/machines/social-login.model.test.ts): the real ' +
      'flow in a recording dialog, its authorize, popup, storage and session calls held, a simulated clock',
    target: socialLoginTarget,
  },
  {
    machineId: 'toastItem',
    harness:
      'tests/support/toast-item-harness.ts (as tests/machines/toast-item.model.test.ts): the real ' +
      "toast in a recording queue of one, with the walk's duration, a simulated clock",
    target: (walk) => toastItemTarget(walkOf('toastItem', TOAST_ITEM_WALKS)(walk)),
  },
  // every machine whose model sits beside it, in the harness its model file names (`target`)
  ...COLOCATED.map(({ machineId, file, target }) => ({
    machineId,
    harness: `${file} (its target, as its model test replays it)`,
    target,
  })),
];

export const nodeReplayFor = (machineId: string): NodeReplay | undefined =>
  NODE_REPLAYS.find((r) => r.machineId === machineId);

/** The key under which the report compares the effects a step started. */
export const EFFECTS_KEY = 'effects started';

const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/**
 * The target, with every effect the replay provides recording its start (by src name, with its
 * input) into `started`, as the replay's own fakes do: the report then names the effects per step.
 */
function recording(target: ReplayTarget, started: EffectCall[]): ReplayTarget {
  if (!target.effects?.length) return target;
  const provide = (impl: { actors: Record<string, AnyActorLogic> }) =>
    target.machine.provide({
      ...impl,
      actors: Object.fromEntries(
        Object.entries(impl.actors).map(([name, logic]) => [
          name,
          {
            ...logic,
            start: (snapshot: { status: string; input?: unknown }, scope: unknown) => {
              if (snapshot.status === 'active') started.push({ actor: name, input: snapshot.input });
              return (logic.start as ((s: unknown, scope: unknown) => void) | undefined)?.(snapshot, scope);
            },
          },
        ]),
      ) as never,
    });
  return { ...target, machine: { provide } as unknown as AnyStateMachine };
}

/** What a step did to the machine, as the report says it. */
function actionOf(step: SpecStep): string {
  if ('send' in step) return `sent ${step.send.type} to the machine`;
  if ('wait' in step) return `simulated clock +${step.wait} ms`;
  if ('settle' in step) return `the held ${step.settle} call answers`;
  const error = step.error instanceof Error ? step.error.message : `${step.fail} failed`;
  return `the held ${step.fail} call fails: ${error}`;
}

/** Expected against shown, key by key (both sides' keys), then the effects. */
function compare(
  expected: unknown,
  shown: unknown,
  expectedCalls: EffectCall[],
  started: EffectCall[],
): Observation[] {
  const e = (expected ?? {}) as Record<string, unknown>;
  const s = (shown ?? {}) as Record<string, unknown>;
  const keys = [...Object.keys(e), ...Object.keys(s).filter((k) => !(k in e))];
  const observed = keys.map((key) => {
    const exp = json(e[key]);
    const act = json(s[key]);
    return { key, expected: exp, actual: act, ok: exp === act };
  });
  const exp = json(expectedCalls);
  const act = json(started);
  observed.push({ key: EFFECTS_KEY, expected: exp, actual: act, ok: exp === act });
  return observed;
}

/**
 * Replays one spec path on the real machine in Node. Never throws for a failing path: the result
 * says, with the steps replayed up to and including the one that failed.
 */
export async function replayPathInNode(replay: NodeReplay, entry: SpecPathEntry): Promise<PathResult> {
  const began = Date.now();
  const { model, path } = entry;
  const name = model.label ?? ((s: unknown) => JSON.stringify(s));
  const started: EffectCall[] = [];
  const shown: { seen: unknown; started: EffectCall[] }[] = [];
  let error: string | undefined;
  try {
    const base = replay.target(entry.walk);
    const target = recording(base, started);
    await replaySpecPath(
      model,
      {
        ...target,
        observe: (o) => {
          const seen = base.observe(o);
          // as it is now, compared as the replay compares it (JSON): an observation may hand out what
          // the harness goes on writing to (the sign-ins the social dialog completes)
          const text = JSON.stringify(seen);
          shown.push({ seen: text === undefined ? seen : JSON.parse(text), started: started.splice(0) });
          return seen;
        },
      },
      path,
    );
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const states = [model.initial, ...path.steps.map((s) => s.state)];
  /** Step n as the report lists it, with what was compared there. */
  const stepResult = (n: number, observed: Observation[], ok: boolean): StepResult => {
    const step = n ? path.steps[n - 1]!.step : undefined;
    return {
      n,
      label: step ? specStepLabel(step) : 'start',
      action: step ? actionOf(step) : 'the machine starts',
      state: name(states[n]),
      sees: seesText(model.expect(states[n])),
      observed,
      screenshot: '',
      ok,
    };
  };
  const steps: StepResult[] = shown.map(({ seen, started: calls }, n) => {
    const step = n ? path.steps[n - 1]!.step : undefined;
    const expectedCalls = step
      ? (model.calls?.(states[n - 1], step, states[n]) ?? [])
      : (model.startCalls ?? []);
    const observed = compare(model.expect(states[n]), seen, expectedCalls, calls);
    return stepResult(
      n,
      observed,
      observed.every((o) => o.ok),
    );
  });
  // a failure before the machine could be read (it failed, or had no call to settle): the step taken
  if (error && steps.every((s) => s.ok) && steps.length < states.length)
    steps.push(stepResult(steps.length, [], false));
  const ok = !error && steps.length === states.length && steps.every((s) => s.ok);
  return {
    machineId: entry.machine,
    path: { id: entry.id, title: entry.title, walk: entry.walk, requirement: entry.requirement },
    steps,
    compared: [...new Set(steps.flatMap((s) => s.observed.map((o) => o.key)))],
    ok,
    ...(ok ? {} : { error: error ?? 'The replay and the model disagree (see the steps)' }),
    ms: Date.now() - began,
    where: 'node',
  };
}

/** The value of a key as the terminal reads it, as `npm run paths` writes it (`none`, `yes`, `(a, b)`). */
const readable = (key: string, text: string): string => {
  if (text === 'undefined') return 'nothing';
  const value: unknown = JSON.parse(text);
  if (key === EFFECTS_KEY)
    return (
      (value as EffectCall[])
        .map((c) => (c.input === undefined ? c.actor : `${c.actor} ${JSON.stringify(c.input)}`))
        .join(', ') || 'none'
    );
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return text;
  return typeof value === 'object' ? `(${seesText(value)})` : String(value);
};

/**
 * One path's result as the terminal shows it: each step with ✔ or ✖ and what the model expects,
 * which the machine showed too (at the start all of it, then what changed), or for a step that
 * failed each key the machine showed otherwise. The HTML report has every key of every step.
 */
export function nodeResultText(result: PathResult, totalSteps: number): string {
  const lines = [
    `${result.ok ? '✔' : '✖'} ${result.machineId} ${result.path.id}: ${result.path.title} (${(result.ms / 1000).toFixed(1)} s, in Node on the real machine)`,
  ];
  let before: Observation[] = [];
  for (const s of result.steps) {
    lines.push(`   ${s.ok ? '✔' : '✖'} ${String(s.n).padStart(2)}  ${s.label} → ${s.state}`);
    const previous = before;
    before = s.observed;
    if (s.ok) {
      const changed = s.observed.filter(
        (o) => o.key !== EFFECTS_KEY && previous.find((p) => p.key === o.key)?.expected !== o.expected,
      );
      lines.push(
        s.n === 0
          ? `        model and machine: ${s.sees}`
          : changed.length
            ? `        model and machine: ${changed.map((o) => `${o.key}: ${readable(o.key, o.expected)}`).join(' · ')}${changed.length < s.observed.length - 1 ? ' (the rest as before)' : ''}`
            : '        model and machine: as before',
      );
      const effects = s.observed.find((o) => o.key === EFFECTS_KEY);
      if (effects && effects.expected !== '[]')
        lines.push(`        started: ${readable(EFFECTS_KEY, effects.expected)}`);
      continue;
    }
    if (!s.observed.length) {
      lines.push(`        the machine could not be read after this step (below)`);
      continue;
    }
    for (const o of s.observed.filter((x) => !x.ok))
      lines.push(
        `        ${o.key}: the model expects ${readable(o.key, o.expected)}`,
        `        ${' '.repeat(o.key.length)}  the machine shows ${readable(o.key, o.actual)}`,
      );
    const same = s.observed.filter((x) => x.ok && x.key !== EFFECTS_KEY).map((x) => x.key);
    if (same.length) lines.push(`        as the model expects: ${same.join(', ')}`);
  }
  const last = result.steps.at(-1)?.n ?? -1;
  if (!result.ok && last < totalSteps)
    lines.push(
      last + 1 === totalSteps
        ? `   … step ${totalSteps} not replayed`
        : `   … steps ${last + 1}–${totalSteps} not replayed`,
    );
  if (result.error) {
    const error = result.error.split('\n')[0]!;
    lines.push(`   ${error.length > 300 ? `${error.slice(0, 300)}…` : error}`);
  }
  return lines.join('\n');
}

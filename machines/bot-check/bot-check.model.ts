// The bot check (issue 37 item 2; docs/requirements.md §C4 "Bot check"), written as it should behave, not
// read off the machine. Nothing is fetched until a form that needs the check is shown. Then the browser
// fetches a challenge and solves it in the background; the solved check waits for the call that needs it.
// A call takes it once: a used one is replaced at once, and one kept for 9 minutes is replaced before the
// server (which takes a challenge for 10) would call it expired. A failed fetch says the server's words
// (else the fallback); a failed solve says the browser could not run it; both offer to try again.
import type { EffectCall, ReplayTarget, SpecModel, SpecStep } from '../../tests/support/spec-model.ts';
import { walk } from '../../tests/support/spec-replay.ts';
import { botCheckMachine } from './bot-check.ts';
import * as view from './bot-check.selectors.ts';

export interface BotCheckState {
  phase: 'idle' | 'fetching' | 'solving' | 'ready' | 'failed';
  challenge: { parameters: Record<string, unknown>; signature: string } | null;
  proof: string | null;
  error: string | null;
  /** How long the ready proof has waited (ms). */
  waited: number;
}

export const FAILED =
  'The security check could not run in this browser. Please reload the page and try again.';
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";
/** A proof is replaced after this long (the server's lifetime is 10 minutes). */
export const LIFETIME = 9 * 60_000;

export const CHALLENGE = { parameters: { algorithm: 'PBKDF2/SHA-256', cost: 1 }, signature: 'ab12' };
export const PROOF = 'eyJjaGFsbGVuZ2UiOnt9fQ==';

const fetching = (s: BotCheckState): BotCheckState => ({
  ...s,
  phase: 'fetching',
  challenge: null,
  proof: null,
  error: null,
  waited: 0,
});

const next = (s: BotCheckState, step: SpecStep): BotCheckState => {
  if ('send' in step) {
    const { type } = step.send;
    if (type === 'botCheck.prepare' && (s.phase === 'idle' || s.phase === 'failed')) return fetching(s);
    if (type === 'botCheck.retry' && s.phase === 'failed') return fetching(s);
    if (type === 'botCheck.used' && s.phase === 'ready') return fetching(s);
    return s;
  }
  if ('wait' in step) {
    if (s.phase !== 'ready') return s;
    const waited = s.waited + step.wait;
    return waited >= LIFETIME ? fetching(s) : { ...s, waited };
  }
  if ('settle' in step) {
    if (step.settle === 'fetchChallenge' && s.phase === 'fetching')
      return { ...s, phase: 'solving', challenge: step.output as BotCheckState['challenge'] };
    if (step.settle === 'solve' && s.phase === 'solving')
      return { ...s, phase: 'ready', proof: step.output as string, waited: 0 };
    return s;
  }
  if (step.fail === 'fetchChallenge' && s.phase === 'fetching') {
    const error = step.error;
    return { ...s, phase: 'failed', error: error instanceof Error && error.message ? error.message : FAILED };
  }
  if (step.fail === 'solve' && s.phase === 'solving') return { ...s, phase: 'failed', error: FAILED };
  return s;
};

const calls = (before: BotCheckState, _step: SpecStep, after: BotCheckState): EffectCall[] => {
  if (after.phase === 'fetching' && before.phase !== 'fetching')
    return [{ actor: 'fetchChallenge', input: undefined }];
  if (after.phase === 'solving' && before.phase !== 'solving')
    return [{ actor: 'solve', input: { challenge: after.challenge } }];
  return [];
};

export const botCheckSpec = (): SpecModel<BotCheckState> => ({
  name: 'botCheck',
  spec: 'issue 37 (a self-hosted proof of work before registration, guest sign-in and signed-out support)',
  initial: { phase: 'idle', challenge: null, proof: null, error: null, waited: 0 },
  steps: (s) => [
    { send: { type: 'botCheck.prepare' } },
    { send: { type: 'botCheck.used' } },
    { send: { type: 'botCheck.retry' } },
    ...(s.phase === 'fetching'
      ? [
          { settle: 'fetchChallenge', output: CHALLENGE },
          { fail: 'fetchChallenge', error: new Error(SERVER_DOWN) },
          { fail: 'fetchChallenge', error: new Error('') },
        ]
      : []),
    ...(s.phase === 'solving' ? [{ settle: 'solve', output: PROOF }, { fail: 'solve' }] : []),
    ...(s.phase === 'ready' ? [{ wait: LIFETIME - 1 }, { wait: 1 }] : []),
  ],
  next,
  calls,
  expect: (s) => ({
    tags: s.phase === 'idle' ? [] : [s.phase === 'fetching' || s.phase === 'solving' ? 'working' : s.phase],
    status: s.phase === 'fetching' || s.phase === 'solving' ? 'working' : s.phase,
    proof: s.phase === 'ready' ? s.proof : null,
    error: s.phase === 'failed' ? s.error : null,
  }),
  label: (s) => `${s.phase}${s.error ? ` "${s.error}"` : ''}${s.waited ? ` after ${s.waited} ms` : ''}`,
  maxDepth: 5,
});

/** The model's walks, as the path catalogue lists them (`npm run paths -- botCheck`). */
export const walks = [walk('', botCheckSpec())];

/** What a person sees in each state of the machine (the path catalogue shows it beside each path). */
export const sees: Record<string, string> = {
  botCheck: 'A line under the form: "Checking this browser…", then "Browser checked"',
  'botCheck.idle': 'Nothing: no form that needs the check is on screen',
  'botCheck.fetching': '"Checking this browser…" under the form',
  'botCheck.solving': '"Checking this browser…" under the form',
  'botCheck.ready': '"Browser checked" under the form; sending it goes at once',
  'botCheck.failed': 'The reason and "Try again" under the form',
};

const TAGS = ['working', 'ready', 'failed'] as const;

/** How the model meets the machine: its calls held, what the forms show. */
export const target = (): ReplayTarget => ({
  machine: botCheckMachine,
  effects: ['fetchChallenge', 'solve'],
  observe: ({ snapshot }) => {
    const s = snapshot as never;
    return {
      tags: TAGS.filter((tag) => snapshot.hasTag(tag)),
      status: view.status(s),
      proof: view.proof(s),
      error: view.error(s),
    };
  },
});

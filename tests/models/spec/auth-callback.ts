// The page the identity provider returns to (/auth/callback, /social-callback), as requirements §2, §4
// (Social login flow, step 3-4), §8 and requirements §C4 say: the code is exchanged for a sign-in (the
// server checks the state); success hands the token and the user over (to the opener window, which
// stores them) and shows "Authorization successful, redirecting..."; a refused exchange shows the
// server's msg, else "Login failed, please try again later", as does a network failure. A provider's
// refusal (error parameter) says the sign-in was cancelled, and a link without code or state says it is
// incomplete, without calling the server (the product's own texts, requirements §C5). Each visit of the
// page starts afresh; the answer of an exchange the page gave up on changes nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface AuthCallbackState {
  phase: 'waiting' | 'exchanging' | 'done' | 'failed';
  message: string | null;
  /** The sign-ins handed over (token and user data), in order. */
  handed: { token: string; userData: unknown }[];
  /** Exchanges started and given up on whose answers are still to come. */
  abandoned: number;
}

export const VISITS = {
  ok: { type: 'callback.start', code: 'c0de', state: 's7ate', error: null },
  other: { type: 'callback.start', code: 'c0de2', state: 's7ate2', error: null },
  refused: { type: 'callback.start', code: null, state: null, error: 'access_denied' },
  refusedWithCode: { type: 'callback.start', code: 'c0de', state: 's7ate', error: 'access_denied' },
  noCode: { type: 'callback.start', code: null, state: 's7ate', error: null },
  noState: { type: 'callback.start', code: 'c0de', state: '', error: null },
} as const;

export const ANSWERS = {
  signedIn: { ok: true, token: 'h.p.s', userData: { userId: 'u1', email: 'a@b.co' } },
  refused: { ok: false, msg: 'This sign-in link has expired.' },
  refusedSilently: { ok: false, msg: '' },
} as const;

const FAILED = 'Login failed, please try again later';
const CANCELLED = 'Sign-in was cancelled. You can close this window and try again.';
const INCOMPLETE = 'This sign-in link is incomplete. Please start again from FruitPrompt.';

type Visit = { code: string | null; state: string | null; error: string | null };

export const authCallbackSpec = (): SpecModel<AuthCallbackState> => {
  const next = (s: AuthCallbackState, step: SpecStep): AuthCallbackState => {
    const abandoned = s.abandoned + (s.phase === 'exchanging' ? 1 : 0);
    if ('send' in step) {
      const v = step.send as unknown as Visit;
      if (v.error !== null) return { ...s, phase: 'failed', message: CANCELLED, abandoned };
      if (!v.code || !v.state) return { ...s, phase: 'failed', message: INCOMPLETE, abandoned };
      return { ...s, phase: 'exchanging', message: null, abandoned };
    }
    if ('wait' in step) return s;
    // the oldest pending call answers first: an abandoned one changes nothing
    if (s.abandoned > 0) return { ...s, abandoned: s.abandoned - 1 };
    if ('fail' in step) return { ...s, phase: 'failed', message: FAILED };
    const answer = step.output as { ok: boolean; msg?: string; token?: string; userData?: unknown };
    if (answer.ok)
      return {
        ...s,
        phase: 'done',
        handed: [...s.handed, { token: answer.token ?? '', userData: answer.userData }],
      };
    return { ...s, phase: 'failed', message: answer.msg || FAILED };
  };
  return {
    name: 'authCallback',
    spec: 'requirements §4 (Social login flow 3-4), §8 (social login failure), requirements §C4 (callback page)',
    initial: { phase: 'waiting', message: null, handed: [], abandoned: 0 },
    steps: (s) => {
      const visits: SpecStep[] = Object.values(VISITS).map((v) => ({ send: { ...v } }));
      const pending = s.abandoned + (s.phase === 'exchanging' ? 1 : 0);
      if (!pending) return [...visits, { wait: 20_000 }];
      return [
        ...visits,
        { settle: 'exchangeCode', output: ANSWERS.signedIn },
        { settle: 'exchangeCode', output: ANSWERS.refused },
        { settle: 'exchangeCode', output: ANSWERS.refusedSilently },
        { fail: 'exchangeCode', error: new Error('Failed to fetch') },
      ];
    },
    next,
    calls: (_before, step, after): EffectCall[] => {
      if (!('send' in step) || after.phase !== 'exchanging') return [];
      const v = step.send as unknown as Visit;
      return [{ actor: 'exchangeCode', input: { code: v.code, state: v.state } }];
    },
    expect: (s) => ({
      phase: s.phase === 'done' ? 'done' : s.phase === 'failed' ? 'failed' : 'busy',
      spinner: s.phase === 'exchanging',
      message: s.message,
      handed: s.handed,
    }),
    label: (s) =>
      `${s.phase}${s.message ? ` "${s.message}"` : ''}${s.handed.length ? ` handed ${s.handed.length}` : ''}` +
      `${s.abandoned ? ` (${s.abandoned} abandoned)` : ''}`,
    maxDepth: 3,
  };
};

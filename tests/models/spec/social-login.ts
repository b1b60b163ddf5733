// The social login flow of requirements §4 (with §7 GET /api/social/authorize, §8 and §9): ask the server
// for the authorization URL for provider and callback; on success open the popup on it, then wait for
// its message with token and user data, or for the token to appear in storage, looked for every
// 500 ms; after 20 s with no result stop waiting and, if the session is still not logged in, say
// "Login timed out. Please try again.". A refused authorization says the server's msg, else "Login
// failed, please try again later", as does a network failure. On success the sign-in is completed
// (the social-login-success broadcast) once. The product's own texts (requirements §C5) for a blocked
// popup and a popup closed without a result. The dialog running it hears the phase it is in:
// connecting, popup, authorized (requirements §4 status messages).
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type SocialStage =
  'authorizing' | 'waiting' | 'lastLook' | 'checkingSession' | 'succeeded' | 'elsewhere' | 'failed';

export interface SocialLoginState {
  stage: SocialStage;
  /** Milliseconds the popup has been open. */
  waited: number;
  /** Milliseconds since the last look in storage ended, or "looking" while one runs. */
  poll: number | 'looking';
  /** Looks in storage given up on whose answers are still to come. */
  abandonedLooks: number;
  /** The phases the dialog heard. */
  heard: string[];
  /** The sign-ins completed (broadcast). */
  completed: unknown[];
  /** What the flow ended with, as the dialog reads it. */
  output: unknown;
}

export const INPUT = { provider: 'google', callbackUrl: 'http://localhost:3000/auth/callback' };
export const AUTH_URL = 'http://localhost:3000/dev-idp/authorize?state=st4te';
export const SIGNED_IN = {
  token: 'h.p.s',
  userData: { userId: 'u1', email: 'a@b.co', providerUsername: 'Ann' },
};
export const STORED = { token: 's.t.o', userData: { userId: 'u2' } };

const FAILED = 'Login failed, please try again later';
const TIMED_OUT = 'Login timed out. Please try again.';
const BLOCKED = 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.';
const CLOSED = 'The sign-in window was closed before sign-in finished. Please try again.';
/** requirements §9: social wait 20 s, polled every 500 ms. */
const WAIT = 20_000;
const POLL = 500;

export const socialLoginSpec = (): SpecModel<SocialLoginState> => {
  const ended = (s: SocialLoginState) => ['succeeded', 'elsewhere', 'failed'].includes(s.stage);
  const abandon = (s: SocialLoginState): number =>
    s.abandonedLooks + (s.poll === 'looking' && s.stage === 'waiting' ? 1 : 0);
  const fail = (s: SocialLoginState, error: string): SocialLoginState => ({
    ...s,
    stage: 'failed',
    abandonedLooks: abandon(s),
    poll: 0,
    output: { ok: false, error },
  });
  const succeed = (s: SocialLoginState, signedIn: unknown): SocialLoginState => ({
    ...s,
    stage: 'succeeded',
    abandonedLooks: abandon(s),
    poll: 0,
    heard: [...s.heard, 'authorized'],
    completed: [...s.completed, signedIn],
    output: { ok: true, signedIn },
  });
  const next = (s: SocialLoginState, step: SpecStep): SocialLoginState => {
    // a look given up on answers into the void, whatever the flow has come to since
    if (('settle' in step ? step.settle : 'fail' in step ? step.fail : null) === 'readStoredSignIn')
      if (s.abandonedLooks > 0) return { ...s, abandonedLooks: s.abandonedLooks - 1 };
    if (ended(s)) return s;
    if ('send' in step) {
      if (s.stage !== 'waiting') return s;
      const e = step.send as { type: string; token?: string; userData?: unknown };
      if (e.type === 'popup.message') return succeed(s, { token: e.token, userData: e.userData });
      if (e.type === 'popup.blocked') return fail(s, BLOCKED);
      if (e.type === 'popup.closed') return { ...s, stage: 'lastLook', abandonedLooks: abandon(s), poll: 0 };
      return s;
    }
    if ('wait' in step) {
      if (s.stage !== 'waiting') return s;
      const waited = s.waited + step.wait;
      const pollDue = s.poll !== 'looking' && s.poll + step.wait >= POLL;
      if (waited >= WAIT && pollDue) throw new Error('the model does not say which comes first');
      if (waited >= WAIT)
        return { ...s, stage: 'checkingSession', waited, abandonedLooks: abandon(s), poll: 0 };
      if (pollDue) return { ...s, waited, poll: 'looking' };
      return { ...s, waited, poll: s.poll === 'looking' ? 'looking' : s.poll + step.wait };
    }
    const actor = 'settle' in step ? step.settle : step.fail;
    const output = 'settle' in step ? step.output : undefined;
    switch (actor) {
      case 'authorize': {
        const answer = output as { success: boolean; authUrl?: string; msg?: string } | undefined;
        if (answer?.success) return { ...s, stage: 'waiting', heard: [...s.heard, 'popup'] };
        return fail(s, answer?.msg || FAILED);
      }
      case 'readStoredSignIn':
        if (s.stage === 'lastLook') return output ? succeed(s, output) : fail(s, CLOSED);
        // the look that answered is no longer pending
        return output ? succeed({ ...s, poll: 0 }, output) : { ...s, poll: 0 };
      case 'checkLoggedIn':
        return output === true
          ? { ...s, stage: 'elsewhere', output: { ok: false, error: null } }
          : fail(s, TIMED_OUT);
    }
    return s;
  };
  const popupEvents: SpecStep[] = [
    { send: { type: 'popup.message', ...SIGNED_IN } },
    { send: { type: 'popup.blocked' } },
    { send: { type: 'popup.closed' } },
  ];
  const looks: SpecStep[] = [
    { settle: 'readStoredSignIn', output: null },
    { settle: 'readStoredSignIn', output: STORED },
    { fail: 'readStoredSignIn', error: new Error('storage unavailable') },
  ];
  return {
    name: 'socialLogin',
    spec: 'requirements §4 (Social login flow), §7 (social authorize), §8 (social errors), §9 (20 s, 500 ms)',
    initial: {
      stage: 'authorizing',
      waited: 0,
      poll: 0,
      abandonedLooks: 0,
      heard: ['connecting'],
      completed: [],
      output: null,
    },
    startCalls: [{ actor: 'authorize', input: INPUT }],
    steps: (s) => {
      const stale = s.abandonedLooks ? looks : [];
      switch (s.stage) {
        case 'authorizing':
          return [
            { settle: 'authorize', output: { success: true, authUrl: AUTH_URL } },
            { settle: 'authorize', output: { success: false, msg: 'Provider not configured' } },
            { settle: 'authorize', output: { success: false, msg: '' } },
            { fail: 'authorize', error: new Error('Failed to fetch') },
            { wait: WAIT },
          ];
        case 'waiting': {
          const steps: SpecStep[] = [...popupEvents];
          if (s.poll === 'looking') {
            steps.push(...looks);
            steps.push({ wait: s.waited < WAIT - 1 ? WAIT - 1 - s.waited : 1 });
          } else if (s.poll === 0) steps.push({ wait: POLL - 1 }, { wait: POLL });
          else steps.push({ wait: POLL - s.poll });
          if (s.poll !== 'looking' && s.waited === WAIT - 1) return [...popupEvents, { wait: 1 }];
          return steps;
        }
        case 'lastLook':
          return [...looks, ...popupEvents, { wait: WAIT }];
        case 'checkingSession':
          return [
            ...stale,
            { settle: 'checkLoggedIn', output: true },
            { settle: 'checkLoggedIn', output: false },
            { fail: 'checkLoggedIn', error: new Error('no session') },
            ...popupEvents,
          ];
        default:
          return [...stale, { wait: WAIT }];
      }
    },
    next,
    calls: (before, step, after): EffectCall[] => {
      if (after.stage === 'waiting' && before.stage === 'authorizing')
        return [{ actor: 'popup', input: { authUrl: AUTH_URL } }];
      const calls: EffectCall[] = [];
      if (after.stage === 'waiting' && after.poll === 'looking' && before.poll !== 'looking')
        calls.push({ actor: 'readStoredSignIn', input: undefined });
      if (after.stage === 'lastLook' && before.stage === 'waiting')
        calls.push({ actor: 'readStoredSignIn', input: undefined });
      if (after.stage === 'checkingSession' && before.stage === 'waiting')
        calls.push({ actor: 'checkLoggedIn', input: undefined });
      return calls;
    },
    expect: (s) => ({ heard: s.heard, completed: s.completed, output: s.output }),
    label: (s) =>
      `${s.stage}${s.stage === 'waiting' ? ` ${s.waited} ms${s.poll === 'looking' ? ' looking in storage' : ''}` : ''}` +
      `${s.abandonedLooks ? ' (a look abandoned)' : ''}`,
    maxDepth: 6,
  };
};

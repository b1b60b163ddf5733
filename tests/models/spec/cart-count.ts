// The header's cart badge count, as docs/requirements.md says it behaves (§2 header, §4 session, §8, §9):
// - it refreshes on a login (500 ms after it), on a cart update and on a header refresh, each refresh
//   debounced 300 ms (a new refresh in the window starts the 300 ms again);
// - GET /api/my/cart/count answers the count; while it is asked for, the badge reads "...";
// - a failure, or an empty answer while the count is 0, counts as a failure: it asks again (2000 ms
//   later, the project's choice, docs/decisions) and gives up after 3 in a row, until the next login
//   or cart update (a header refresh does not wake it);
// - a logout zeroes the count (and forgets the failures).
// The session tells it of a login ("adopted") and a logout ("ended") as well as the app does.
import type { SpecModel, SpecPath, SpecStep } from '../../support/spec-model.ts';

export type CartCountPhase = 'idle' | 'afterLogin' | 'debouncing' | 'fetching' | 'retrying' | 'stopped';

export interface CartCountState {
  phase: CartCountPhase;
  /** Milliseconds spent in the current timed phase. */
  t: number;
  /** The badge's number. */
  count: number;
  /** Failures (or empty answers while 0) in a row. */
  failures: number;
  /** Calls of the count that were abandoned (a newer refresh or a logout) and not answered yet. */
  stale: number;
  /** The debounce was started again by a refresh that came in its window. */
  restarted: boolean;
}

/** requirements §4: the count is asked for 500 ms after a login. */
export const AFTER_LOGIN = 500;
/** requirements §9: cart refresh debounce. */
export const DEBOUNCE = 300;
/** How long it waits before asking again after a failure (the project's choice). */
export const RETRY = 2000;
/** requirements §9: retry limit. */
export const RETRY_LIMIT = 3;

const refresh = (reason: 'login' | 'cartUpdate' | 'refreshHeader'): SpecStep => ({
  send: { type: 'cart.refresh', reason },
});

/** The deadline of a timed phase. */
const deadline = (phase: CartCountPhase): number | undefined =>
  phase === 'afterLogin'
    ? AFTER_LOGIN
    : phase === 'debouncing'
      ? DEBOUNCE
      : phase === 'retrying'
        ? RETRY
        : undefined;

export const cartCountSpec = (): SpecModel<CartCountState> => {
  const to = (
    s: CartCountState,
    phase: CartCountPhase,
    more: Partial<CartCountState> = {},
  ): CartCountState => ({
    ...s,
    phase,
    t: 0,
    restarted: false,
    // leaving a call unanswered makes it stale
    stale: s.stale + (s.phase === 'fetching' && phase !== 'fetching' ? 1 : 0),
    ...more,
  });
  const onRefresh = (s: CartCountState, reason: string): CartCountState => {
    switch (s.phase) {
      case 'idle':
        return reason === 'login' ? to(s, 'afterLogin', { failures: 0 }) : to(s, 'debouncing');
      case 'afterLogin':
        // another login changes nothing; any other refresh starts the debounce now
        return reason === 'login' ? s : to(s, 'debouncing');
      case 'debouncing':
        return { ...to(s, 'debouncing'), restarted: s.t > 0 || s.restarted };
      case 'fetching':
      case 'retrying':
        return to(s, 'debouncing');
      case 'stopped':
        if (reason === 'login') return to(s, 'afterLogin', { failures: 0 });
        if (reason === 'cartUpdate') return to(s, 'debouncing', { failures: 0 });
        return s;
    }
  };
  const failed = (s: CartCountState): CartCountState => {
    const failures = s.failures + 1;
    return to(s, failures >= RETRY_LIMIT ? 'stopped' : 'retrying', { failures, stale: s.stale });
  };
  const next = (s: CartCountState, step: SpecStep): CartCountState => {
    if ('send' in step) {
      const { type } = step.send;
      if (type === 'cart.reset' || type === 'session.ended') return to(s, 'idle', { count: 0, failures: 0 });
      if (type === 'session.adopted') return onRefresh(s, 'login');
      if (type === 'cart.refresh') return onRefresh(s, (step.send as unknown as { reason: string }).reason);
      return s;
    }
    if ('wait' in step) {
      const limit = deadline(s.phase);
      if (limit === undefined) return s;
      if (s.t + step.wait < limit) return { ...s, t: s.t + step.wait };
      const rest = s.t + step.wait - limit;
      const after = to(s, s.phase === 'afterLogin' ? 'debouncing' : 'fetching');
      return rest > 0 ? next(after, { wait: rest }) : after;
    }
    // an answer to an abandoned call changes nothing
    if (s.stale > 0) return { ...s, stale: s.stale - 1 };
    if (s.phase !== 'fetching') return s;
    if ('fail' in step) return failed(s);
    const answer = (step.output as number | null) ?? 0;
    if (answer === 0 && s.count === 0) return failed(s);
    return to(s, 'idle', { count: answer, failures: 0, stale: s.stale });
  };
  return {
    name: 'cartCount',
    spec: 'requirements §2 header badge, §4 session (cart count), §8, §9',
    initial: { phase: 'idle', t: 0, count: 0, failures: 0, stale: 0, restarted: false },
    steps: (s) => {
      const steps: SpecStep[] = [];
      // while an old call is pending, only its answer and a new fetch matter
      if (s.stale > 0) steps.push({ settle: 'fetchCartCount', output: 9 });
      if (s.stale === 0 || s.phase !== 'fetching')
        steps.push(refresh('login'), refresh('cartUpdate'), refresh('refreshHeader'), {
          send: { type: 'cart.reset' },
        });
      const limit = deadline(s.phase);
      if (limit === undefined) steps.push({ wait: RETRY });
      else if (s.t === 0) steps.push({ wait: limit - 1 }, { wait: limit });
      else steps.push({ wait: limit - s.t });
      if (s.phase === 'fetching' && s.stale === 0)
        steps.push(
          { settle: 'fetchCartCount', output: 4 },
          { settle: 'fetchCartCount', output: 120 },
          { settle: 'fetchCartCount', output: 0 },
          { settle: 'fetchCartCount', output: null },
          { fail: 'fetchCartCount' },
        );
      return steps;
    },
    next,
    // the badge's number, "..." while the count is asked for, and the failures in a row the retry
    // limit counts (a success, a login or a cart update after giving up, and a logout start it again)
    expect: (s) => ({ count: s.count, loading: s.phase === 'fetching', failures: s.failures }),
    calls: (before, _step, after) =>
      before.phase !== 'fetching' && after.phase === 'fetching'
        ? [{ actor: 'fetchCartCount', input: undefined }]
        : [],
    label: (s) =>
      `${s.phase}${s.t ? ` +${s.t} ms` : ''} count ${s.count}${s.failures ? ` failures ${s.failures}` : ''}${
        s.stale ? ` (${s.stale} old call)` : ''
      }${s.restarted ? ' (restarted)' : ''}`,
    maxDepth: 8,
  };
};

/** A path from the start through these steps, each state as the model says. */
const pathOf = (
  model: SpecModel<CartCountState>,
  title: string,
  steps: SpecStep[],
): SpecPath<CartCountState> => {
  let state = model.initial;
  return {
    title,
    steps: steps.map((step) => {
      state = model.next(state, step);
      return { step, state };
    }),
  };
};

/**
 * Hand-made paths: the session's login and logout (they look the same as the app's at once), and the
 * retry limit reached by failures and by empty answers (BFS reaches it one way only).
 */
export const handPaths = (model: SpecModel<CartCountState>): SpecPath<CartCountState>[] => {
  const adopted: SpecStep = { send: { type: 'session.adopted' } };
  const ended: SpecStep = { send: { type: 'session.ended' } };
  return [
    pathOf(model, 'the session signs in: asked 500 ms + 300 ms later; it signs out: 0', [
      adopted,
      { wait: AFTER_LOGIN - 1 },
      adopted,
      { wait: 1 },
      { wait: DEBOUNCE - 1 },
      { wait: 1 },
      { settle: 'fetchCartCount', output: 4 },
      ended,
      { wait: RETRY },
    ]),
    pathOf(model, 'three failures in a row: it gives up until a login or a cart update', [
      refresh('cartUpdate'),
      { wait: DEBOUNCE },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      refresh('refreshHeader'),
      { wait: RETRY },
      refresh('login'),
      { wait: AFTER_LOGIN },
      { wait: DEBOUNCE },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      { settle: 'fetchCartCount', output: 2 },
    ]),
    pathOf(model, 'three empty answers while 0 give up; a failure after a cart update is the first again', [
      refresh('cartUpdate'),
      { wait: DEBOUNCE },
      { settle: 'fetchCartCount', output: 0 },
      { wait: RETRY },
      { settle: 'fetchCartCount', output: null },
      refresh('refreshHeader'),
      { wait: DEBOUNCE },
      { settle: 'fetchCartCount', output: 0 },
      { wait: RETRY },
      refresh('cartUpdate'),
      { wait: DEBOUNCE },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      { settle: 'fetchCartCount', output: 0 },
      { wait: RETRY },
    ]),
    pathOf(model, 'the session signs out during a call and after giving up; a sign-in wakes it', [
      refresh('cartUpdate'),
      { wait: DEBOUNCE },
      ended,
      { wait: AFTER_LOGIN + DEBOUNCE },
      refresh('cartUpdate'),
      { wait: DEBOUNCE },
      { settle: 'fetchCartCount', output: 9 },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      { fail: 'fetchCartCount' },
      { wait: RETRY },
      { settle: 'fetchCartCount', output: 0 },
      refresh('refreshHeader'),
      { wait: RETRY },
      adopted,
      { wait: AFTER_LOGIN - 1 },
      { wait: 1 },
      { wait: DEBOUNCE },
      { fail: 'fetchCartCount' },
      ended,
      { wait: RETRY },
    ]),
  ];
};

/**
 * A path continued until what its last step did shows: each deadline is passed a moment before and
 * at its time, and a call is answered, until the count rests (BFS ends a path when its state was seen
 * before, so a step that leads to a state looking the same at once would not be followed).
 */
export const probed = (
  model: SpecModel<CartCountState>,
  path: SpecPath<CartCountState>,
): SpecPath<CartCountState> => {
  const steps = [...path.steps];
  let state = steps.length ? steps[steps.length - 1]!.state : model.initial;
  const take = (step: SpecStep) => {
    state = model.next(state, step);
    steps.push({ step, state });
  };
  for (let i = 0; i < 4 && state.phase !== 'idle' && state.phase !== 'stopped'; i++) {
    if (state.phase === 'fetching') take({ settle: 'fetchCartCount', output: state.stale ? 9 : 5 });
    else {
      const left = deadline(state.phase)! - state.t;
      if (left > 1) take({ wait: left - 1 });
      take({ wait: 1 });
    }
  }
  return steps.length === path.steps.length ? path : { title: `${path.title} ··· until it rests`, steps };
};

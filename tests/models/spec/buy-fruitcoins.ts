// Buy FruitCoins (/buy-fruitcoins, issue 15; requirements §1: FruitCoin is the in-product currency, the
// balance is fruitCnt; §4 Session: "the fruit balance can be updated on the current user"; docs/requirements.md (part two)
// §4: paid on the payment page, which returns to the page), written as it should behave, not read off
// the machine.
// - Opening the page asks the server for the packs and the balance; meanwhile the skeleton, never the
//   last visit's packs, balance, purchase or payment. Then the packs (each with "Buy") and the balance,
//   which the session is told (the header shows it); or the error view with the server's words (else "The
//   FruitCoin packs could not be loaded.") and "Try again".
// - Back from the payment page (`?payment=<session>`), once the packs are there the server is asked how
//   that payment ended ("checking", the buttons wait): paid (what was added and the new balance),
//   cancelled (nothing charged; the pack can be bought again) or not finished (continue it on the
//   payment page, or check again); each answer's balance is told to the session. When it cannot be
//   checked, the page says why (else "We could not check this payment with the server.") and offers to
//   check again.
// - "Buy" on a pack is one attempt with one request id (the page's own, or a new one): the server opens
//   a payment and the browser leaves for its page (coming back from the browser's history, the packs can
//   be chosen again). If that attempt was already paid (a retry), it shows what was added (told to the
//   session); cancelled, that it was cancelled. No answer, a timeout, too many requests or a server error
//   can be tried again: "Try again" sends the same attempt, so the server never sells twice; another
//   refusal cannot (its words, else "The payment page could not be opened. Please try again."). Either
//   can be closed, or another pack bought.
// - Opening the page again drops what was under way: its late answer changes nothing.
import type { FruitPack, FruitTopUp, TopUpResult, TopUpStatus } from '../../../domain/commerce.ts';
import type { AnyEventObject } from 'xstate';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

type Phase =
  | 'idle'
  | 'loading'
  | 'loadFailed'
  | 'choosing'
  | 'buying'
  | 'retryable'
  | 'refused'
  | 'redirecting'
  | 'confirming'
  | 'confirmFailed'
  | 'added'
  | 'cancelled'
  | 'unpaid';

type Effect = 'fetchPacks' | 'buyPack' | 'confirmTopUp';

export interface BuyFruitCoinsState {
  phase: Phase;
  /** The payment session the page came back with. */
  payment: string | null;
  packs: FruitPack[];
  balance: number | null;
  packId: string | null;
  requestId: string | null;
  /** Request ids drawn by the page so far ("req-N"). */
  drawn: number;
  topup: FruitTopUp | null;
  error: string | null;
  buyError: string | null;
  /** What the session heard, in order (its balance). */
  told: number[];
  /** The payment pages the browser was sent to. */
  left: string[];
  /** Calls dropped by opening the page again, not answered yet, oldest first. */
  stale: Effect[];
}

export const LOAD_FAILED = 'The FruitCoin packs could not be loaded.';
export const BUY_FAILED = 'The payment page could not be opened. Please try again.';
export const CONFIRM_FAILED = 'We could not check this payment with the server.';
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";
/** Each in its own words, so that each answer is a state (and a path) of its own. */
export const TIMED_OUT = 'The request timed out. Please try again.';
export const BUSY = 'FruitPrompt is busy. Please try again in a moment.';
export const SERVER_ERROR = 'Something went wrong on our side. Please try again.';
export const OUT_OF_RANGE = 'This request cannot be handled.';
export const NOT_SOLD = 'FruitCoin pack not found. Choose one of the packs on Buy FruitCoins.';

export const PACKS: FruitPack[] = [
  { id: 'handful', title: 'Handful', coins: 100, bonusCoins: 0, priceCents: 99 },
  { id: 'basket', title: 'Basket', coins: 550, bonusCoins: 50, priceCents: 499 },
];

const topup = (status: TopUpStatus): FruitTopUp => ({
  id: 12,
  packId: 'basket',
  title: 'Basket',
  coins: 550,
  amountCents: 499,
  status,
  createdAt: '2026-05-01T10:00:00.000Z',
  paidAt: status === 'paid' ? '2026-05-01T10:01:00.000Z' : null,
  sessionId: 'cs_12',
  paymentUrl: status === 'pending' ? '/dev-pay/cs_12' : null,
});
const result = (status: TopUpStatus, balance: number): TopUpResult => ({ topup: topup(status), balance });
export const PENDING = result('pending', 120);
export const PAID = result('paid', 670);
export const CANCELLED = result('cancelled', 90);

const withStatus = (message: string, status?: number) =>
  Object.assign(new Error(message), status === undefined ? {} : { status });

const live: Partial<Record<Phase, Effect>> = {
  loading: 'fetchPacks',
  buying: 'buyPack',
  confirming: 'confirmTopUp',
};
const outstanding = (s: BuyFruitCoinsState): Effect[] => [
  ...s.stale,
  ...(live[s.phase] ? [live[s.phase]!] : []),
];
const why = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
/** No answer, a timeout, too many requests or a server error: the same attempt may be sent again. */
const retryable = (error: unknown): boolean => {
  const status = (error as { status?: number }).status;
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
};

const buy = (s: BuyFruitCoinsState, event: Record<string, unknown>): BuyFruitCoinsState => {
  const own = event.requestId as string | undefined;
  return {
    ...s,
    phase: 'buying',
    packId: event.packId as string,
    requestId: own ?? `req-${s.drawn + 1}`,
    drawn: own === undefined ? s.drawn + 1 : s.drawn,
    buyError: null,
  };
};

const onEvent = (s: BuyFruitCoinsState, event: Record<string, unknown>): BuyFruitCoinsState => {
  const { type } = event;
  if (type === 'topup.open')
    return {
      ...s,
      phase: 'loading',
      payment: event.payment as string | null,
      packs: [],
      balance: null,
      packId: null,
      requestId: null,
      topup: null,
      error: null,
      buyError: null,
      stale: outstanding(s),
    };
  const buyable: Phase[] = [
    'choosing',
    'retryable',
    'refused',
    'confirmFailed',
    'added',
    'cancelled',
    'unpaid',
  ];
  if (type === 'topup.buy' && buyable.includes(s.phase)) return buy(s, event);
  if (type === 'topup.retry' && s.phase === 'loadFailed') return { ...s, phase: 'loading', error: null };
  if (type === 'topup.retry' && (s.phase === 'confirmFailed' || s.phase === 'unpaid'))
    return { ...s, phase: 'confirming', error: null };
  if (type === 'topup.retryBuy' && s.phase === 'retryable') return { ...s, phase: 'buying', buyError: null };
  if (type === 'topup.dismiss' && ['retryable', 'refused', 'redirecting'].includes(s.phase))
    return { ...s, phase: 'choosing' };
  return s;
};

const onAnswer = (s: BuyFruitCoinsState, step: Extract<SpecStep, { settle: string } | { fail: string }>) => {
  if ('fail' in step) {
    if (s.phase === 'loading')
      return { ...s, phase: 'loadFailed' as const, error: why(step.error, LOAD_FAILED) };
    if (s.phase === 'confirming')
      return { ...s, phase: 'confirmFailed' as const, error: why(step.error, CONFIRM_FAILED) };
    return {
      ...s,
      phase: retryable(step.error) ? ('retryable' as const) : ('refused' as const),
      buyError: why(step.error, BUY_FAILED),
    };
  }
  if (s.phase === 'loading') {
    const { data, balance } = step.output as { data: FruitPack[]; balance: number };
    return {
      ...s,
      phase: s.payment === null ? ('choosing' as const) : ('confirming' as const),
      packs: data,
      balance,
      told: [...s.told, balance],
    };
  }
  const answer = step.output as TopUpResult;
  const shown = { ...s, topup: answer.topup, balance: answer.balance };
  const told = [...s.told, answer.balance];
  if (s.phase === 'buying') {
    if (answer.topup.paymentUrl)
      return { ...shown, phase: 'redirecting' as const, left: [...s.left, answer.topup.paymentUrl] };
    return answer.topup.status === 'paid'
      ? { ...shown, phase: 'added' as const, told }
      : { ...shown, phase: 'cancelled' as const };
  }
  const phase =
    answer.topup.status === 'paid' ? 'added' : answer.topup.status === 'cancelled' ? 'cancelled' : 'unpaid';
  return { ...shown, phase: phase as Phase, told };
};

const next = (s: BuyFruitCoinsState, step: SpecStep): BuyFruitCoinsState => {
  if ('wait' in step) return s;
  if ('send' in step) return onEvent(s, step.send);
  const actor = ('settle' in step ? step.settle : step.fail) as Effect;
  const stale = s.stale.indexOf(actor);
  if (stale >= 0) return { ...s, stale: s.stale.filter((_, i) => i !== stale) };
  return live[s.phase] === actor ? onAnswer(s, step) : s;
};

/** A step that enters a state with a call (or opens the page again) starts that call. */
const calls = (before: BuyFruitCoinsState, step: SpecStep, after: BuyFruitCoinsState): EffectCall[] => {
  const opened = 'send' in step && step.send.type === 'topup.open';
  if (before === after || (!opened && before.phase === after.phase)) return [];
  if (after.phase === 'loading') return [{ actor: 'fetchPacks', input: undefined }];
  if (after.phase === 'buying')
    return [{ actor: 'buyPack', input: { packId: after.packId, requestId: after.requestId } }];
  if (after.phase === 'confirming') return [{ actor: 'confirmTopUp', input: { sessionId: after.payment } }];
  return [];
};

const TAGS_OF: Partial<Record<Phase, string[]>> = {
  loading: ['loading'],
  loadFailed: ['error'],
  choosing: ['ready'],
  buying: ['ready', 'busy', 'buying'],
  retryable: ['ready', 'error', 'buyRetryable'],
  refused: ['ready', 'error', 'buyRefused'],
  redirecting: ['ready', 'busy', 'redirecting'],
  confirming: ['ready', 'busy', 'confirming'],
  confirmFailed: ['ready', 'error', 'confirmFailed'],
  added: ['ready', 'added'],
  cancelled: ['ready', 'cancelled'],
  unpaid: ['ready', 'unpaid'],
};
/** The machine's tags, in the order the test lists them. */
const TAG_ORDER = [
  'loading',
  'ready',
  'error',
  'busy',
  'buying',
  'redirecting',
  'buyRetryable',
  'buyRefused',
  'confirming',
  'confirmFailed',
  'added',
  'cancelled',
  'unpaid',
];

const answers = (actor: Effect): SpecStep[] => {
  if (actor === 'fetchPacks')
    return [
      { settle: actor, output: { data: PACKS, balance: 120 } },
      { fail: actor, error: withStatus(SERVER_DOWN, 0) },
      { fail: actor, error: new Error('') },
    ];
  if (actor === 'buyPack')
    return [
      { settle: actor, output: PENDING },
      { settle: actor, output: PAID },
      { settle: actor, output: CANCELLED },
      // can be tried again: no answer at all, no status, a timeout, too many requests, a server error
      { fail: actor, error: withStatus(SERVER_DOWN, 0) },
      { fail: actor, error: new Error('') },
      { fail: actor, error: withStatus(TIMED_OUT, 408) },
      { fail: actor, error: withStatus(BUSY, 429) },
      { fail: actor, error: withStatus(SERVER_ERROR, 500) },
      // refused
      { fail: actor, error: withStatus(NOT_SOLD, 404) },
      { fail: actor, error: withStatus(OUT_OF_RANGE, 499) },
    ];
  return [
    { settle: actor, output: PAID },
    { settle: actor, output: CANCELLED },
    { settle: actor, output: PENDING },
    { fail: actor, error: withStatus(SERVER_DOWN, 0) },
    { fail: actor, error: new Error('') },
  ];
};

const BUY = { type: 'topup.buy', packId: 'basket' };
/** "Try again" after a cancelled payment: the page names the attempt. */
const BUY_AGAIN = { type: 'topup.buy', packId: 'handful', requestId: 'page-1' };
const RETRY = { type: 'topup.retry' };
const RETRY_BUY = { type: 'topup.retryBuy' };
const DISMISS = { type: 'topup.dismiss' };

/** The buttons a person can press in each state (and a few the page does not show, which must do nothing). */
const PRESS: Partial<Record<Phase, AnyEventObject[]>> = {
  loadFailed: [RETRY, BUY],
  choosing: [BUY, BUY_AGAIN, RETRY, DISMISS],
  retryable: [RETRY_BUY, DISMISS, BUY],
  refused: [RETRY_BUY, DISMISS, BUY_AGAIN],
  redirecting: [DISMISS, BUY],
  confirmFailed: [RETRY, BUY, DISMISS],
  added: [BUY, RETRY],
  cancelled: [BUY_AGAIN, RETRY],
  unpaid: [RETRY, BUY],
};

const READY: Phase[] = [
  'choosing',
  'buying',
  'retryable',
  'refused',
  'redirecting',
  'confirming',
  'confirmFailed',
  'added',
  'cancelled',
  'unpaid',
];
const RESULTS: Phase[] = ['confirming', 'confirmFailed', 'added', 'cancelled', 'unpaid'];

export const buyFruitCoinsSpec = (): SpecModel<BuyFruitCoinsState> => ({
  name: 'buyFruitCoins',
  spec: 'issue 15 (Buy FruitCoins, /buy-fruitcoins); requirements §1, §4 Session (the fruit balance); requirements §C4 (the payment page)',
  initial: {
    phase: 'idle',
    payment: null,
    packs: [],
    balance: null,
    packId: null,
    requestId: null,
    drawn: 0,
    topup: null,
    error: null,
    buyError: null,
    told: [],
    left: [],
    stale: [],
  },
  steps: (s) => [
    // leaving and coming back (or another visit), from anywhere; back from the payment page from a few
    { send: { type: 'topup.open', payment: null } },
    ...(['idle', 'added', 'buying'].includes(s.phase)
      ? [{ send: { type: 'topup.open', payment: 'cs_12' } }]
      : []),
    // what the page offers in this state (and what it must ignore where it matters)
    ...(PRESS[s.phase] ?? []).map((send) => ({ send })),
    ...[...new Set(outstanding(s))].flatMap(answers),
  ],
  next,
  calls,
  expect: (s) => ({
    // the machine's tags (its published states) and the call under way
    tags: TAG_ORDER.filter((tag) => (TAGS_OF[s.phase] ?? []).includes(tag)),
    running: live[s.phase] ? [live[s.phase]] : [],
    status: READY.includes(s.phase) ? 'ready' : s.phase === 'loadFailed' ? 'error' : 'loading',
    error: s.error,
    packs: s.packs,
    balance: s.balance,
    busy: ['buying', 'redirecting', 'confirming'].includes(s.phase),
    buyingBasket: s.phase === 'buying' && s.packId === 'basket',
    buyingHandful: s.phase === 'buying' && s.packId === 'handful',
    purchase: s.phase === 'retryable' || s.phase === 'refused' || s.phase === 'redirecting' ? s.phase : null,
    buyError: s.buyError,
    paymentUrl: s.topup?.paymentUrl ?? null,
    paymentResult: RESULTS.includes(s.phase) ? s.phase : null,
    topup: s.topup,
    sessionHeard: s.told.map((fruitCnt) => ({ type: 'session.fruitUpdated', fruitCnt })),
    left: s.left,
  }),
  label: (s) =>
    [
      s.phase,
      s.payment ? `back from ${s.payment}` : '',
      s.balance === null ? '' : `balance ${s.balance}`,
      s.packId && s.requestId ? `${s.packId} ${s.requestId}` : '',
      s.topup ? `top-up ${s.topup.status}` : '',
      s.error ? `"${s.error}"` : '',
      s.buyError ? `"${s.buyError}"` : '',
      s.told.length ? `(session told ${s.told.join(', ')})` : '',
      s.stale.length ? `+${s.stale.join('+')} dropped` : '',
    ]
      .filter(Boolean)
      .join(' '),
  maxDepth: 5,
});

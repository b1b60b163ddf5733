// Exchange Fruit Coins (/exchange-coupons, requirements §2 route table: "exchange coupons", auth required;
// §1: signed-in users get coupon exchange; §4 Session: "the fruit balance can be updated on the current
// user"), written as it should behave, not read off the machine.
// - Opening the page asks the server for the offers and the member's balance; meanwhile the skeleton,
//   never the previous visit's offers, balance or coupon. Then the offers and the balance (the session is
//   told it, so the header shows it), or the error view with the server's words (else "The exchange
//   offers could not be loaded.") and "Try again".
// - "Exchange" on an offer the balance covers (its cost at most the balance) opens "Spend N FruitCoins
//   for …?"; an offer it does not cover, or none, opens nothing. "Cancel" closes it.
// - Confirming starts one attempt with a new request id and asks the server to exchange (the dialog's
//   buttons wait). The server gives the coupon and the balance now: the new coupon is shown above the
//   offers, the session is told the balance and a green toast says "You spent N FruitCoins on “title”.
//   It is in My Coupons." Or it refuses for want of FruitCoins: the "Not enough FruitCoins" dialog with
//   its words, and the balance it gives (told to the session too), if it gives one. Or no answer: the
//   dialog says why (else "The exchange did not go through. Please try again.") and "Try again" sends
//   the same attempt (the same request id), so the server never exchanges twice; giving up closes the
//   dialog and asks for the offers and balance again (the exchange may have happened).
// - A new dialog, or a new attempt, starts without the last failure's words. Opening the page again
//   drops what was under way: its late answer changes nothing.
import type { Coupon, ExchangeOffer } from '../../../domain/commerce.ts';
import { couponFixture, offersFixture } from '../../support/history-fixtures.ts';
import type { AnyEventObject } from 'xstate';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

type Phase =
  | 'idle'
  | 'loading'
  | 'loadFailed'
  | 'browsing'
  | 'confirming'
  | 'exchanging'
  | 'failed'
  | 'notEnough'
  | 'exchanged';

type Effect = 'fetchOffers' | 'exchange';

export interface ExchangeState {
  phase: Phase;
  offers: ExchangeOffer[];
  balance: number;
  chosenId: number | null;
  /** This attempt's request id ("req-N": the Nth drawn). */
  requestId: string | null;
  /** Request ids drawn so far. */
  drawn: number;
  received: Coupon | null;
  error: string | null;
  exchangeError: string | null;
  notEnough: string | null;
  /** What the session and the toast queue were told, in order. */
  told: { to: string; event: Record<string, unknown> }[];
  /** Calls dropped by opening the page again, not answered yet, oldest first. */
  stale: Effect[];
}

export const LOAD_FAILED = 'The exchange offers could not be loaded.';
export const FAILED = 'The exchange did not go through. Please try again.';
export const exchangedToast = (cost: number, title: string) =>
  `You spent ${cost} FruitCoins on “${title}”. It is in My Coupons.`;
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";

/** Offer 1 costs 300 FruitCoins, offer 2 costs 2000. */
export const OFFERS = offersFixture();
export const COUPON = couponFixture(9, { title: '20% off coupon', exchangeOfferId: 1 });
export const REFUSAL = 'Not enough FruitCoins.';

const live: Partial<Record<Phase, Effect>> = { loading: 'fetchOffers', exchanging: 'exchange' };
const outstanding = (s: ExchangeState): Effect[] => [...s.stale, ...(live[s.phase] ? [live[s.phase]!] : [])];
const why = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
const tellBalance = (balance: number) => ({
  to: 'session',
  event: { type: 'session.fruitUpdated', fruitCnt: balance },
});

const choose = (s: ExchangeState, offerId: number): ExchangeState => {
  const offer = s.offers.find((o) => o.id === offerId);
  return offer && offer.fruitCost <= s.balance
    ? { ...s, phase: 'confirming', chosenId: offerId, exchangeError: null, notEnough: null }
    : s;
};

const onEvent = (s: ExchangeState, event: Record<string, unknown>): ExchangeState => {
  switch (`${event.type as string} in ${s.phase}`) {
    case 'exchange.retryLoad in loadFailed':
      return { ...s, phase: 'loading', error: null };
    case 'exchange.choose in browsing':
    case 'exchange.choose in exchanged':
      return choose(s, event.offerId as number);
    case 'exchange.confirm in confirming':
      return {
        ...s,
        phase: 'exchanging',
        drawn: s.drawn + 1,
        requestId: `req-${s.drawn + 1}`,
        exchangeError: null,
      };
    case 'exchange.retry in failed':
      return { ...s, phase: 'exchanging', exchangeError: null };
    case 'exchange.close in confirming':
    case 'exchange.close in notEnough':
      return { ...s, phase: 'browsing' };
    // giving up after no answer: the offers and the balance are asked for again
    case 'exchange.close in failed':
      return { ...s, phase: 'loading', error: null };
    default:
      return s;
  }
};

const onAnswer = (s: ExchangeState, step: Extract<SpecStep, { settle: string } | { fail: string }>) => {
  if ('fail' in step)
    return s.phase === 'loading'
      ? { ...s, phase: 'loadFailed' as const, error: why(step.error, LOAD_FAILED) }
      : { ...s, phase: 'failed' as const, exchangeError: why(step.error, FAILED) };
  if (s.phase === 'loading') {
    const { data, balance } = step.output as { data: ExchangeOffer[]; balance: number };
    return {
      ...s,
      phase: 'browsing' as const,
      offers: data,
      balance,
      told: [...s.told, tellBalance(balance)],
    };
  }
  const answer = step.output as { ok: boolean; coupon?: Coupon; balance: number | null; message?: string };
  if (answer.ok) {
    const cost = s.offers.find((o) => o.id === s.chosenId)!.fruitCost;
    return {
      ...s,
      phase: 'exchanged' as const,
      received: answer.coupon!,
      balance: answer.balance!,
      requestId: null,
      told: [
        ...s.told,
        tellBalance(answer.balance!),
        {
          to: 'toast',
          event: { type: 'toast.show', kind: 'success', message: exchangedToast(cost, answer.coupon!.title) },
        },
      ],
    };
  }
  const refused = { ...s, phase: 'notEnough' as const, notEnough: answer.message!, requestId: null };
  return answer.balance === null
    ? refused
    : { ...refused, balance: answer.balance, told: [...s.told, tellBalance(answer.balance)] };
};

const next = (s: ExchangeState, step: SpecStep): ExchangeState => {
  if ('wait' in step) return s;
  if ('send' in step) {
    if (step.send.type === 'exchange.load')
      return {
        ...s,
        phase: 'loading',
        offers: [],
        balance: 0,
        chosenId: null,
        requestId: null,
        received: null,
        error: null,
        stale: outstanding(s),
      };
    return onEvent(s, step.send);
  }
  const actor = ('settle' in step ? step.settle : step.fail) as Effect;
  const stale = s.stale.indexOf(actor);
  if (stale >= 0) return { ...s, stale: s.stale.filter((_, i) => i !== stale) };
  return live[s.phase] === actor ? onAnswer(s, step) : s;
};

const calls = (before: ExchangeState, step: SpecStep, after: ExchangeState): EffectCall[] => {
  if (!('send' in step)) return [];
  const started = before.phase !== after.phase || step.send.type === 'exchange.load';
  if (!started) return [];
  if (after.phase === 'loading') return [{ actor: 'fetchOffers', input: undefined }];
  if (after.phase === 'exchanging')
    return [{ actor: 'exchange', input: { offerId: after.chosenId, requestId: after.requestId } }];
  return [];
};

const TAGS_OF: Partial<Record<Phase, string[]>> = {
  loading: ['loading'],
  loadFailed: ['error'],
  browsing: ['ready'],
  confirming: ['ready', 'dialog'],
  exchanging: ['ready', 'dialog', 'busy'],
  failed: ['ready', 'dialog', 'exchangeFailed'],
  notEnough: ['ready', 'dialog', 'notEnough'],
  exchanged: ['ready', 'newCoupon'],
};
/** The machine's tags, in the order the test lists them. */
const TAG_ORDER = ['loading', 'ready', 'error', 'dialog', 'busy', 'exchangeFailed', 'notEnough', 'newCoupon'];

const answers = (actor: Effect): SpecStep[] => {
  const failures: SpecStep[] = [
    { fail: actor, error: new Error(SERVER_DOWN) },
    { fail: actor, error: new Error('') },
  ];
  if (actor === 'fetchOffers')
    return [
      // exactly the cost of offer 1 (offer 2 costs more)
      { settle: actor, output: { data: OFFERS, balance: 300 } },
      ...failures,
    ];
  return [
    // the balance now covers offer 2 exactly (bonus FruitCoins arrived meanwhile)
    { settle: actor, output: { ok: true, coupon: COUPON, balance: 2000 } },
    { settle: actor, output: { ok: false, message: REFUSAL, balance: 120 } },
    { settle: actor, output: { ok: false, message: REFUSAL, balance: null } },
    ...failures,
  ];
};

const CHOOSE_1 = { type: 'exchange.choose', offerId: 1 };
const CHOOSE_2 = { type: 'exchange.choose', offerId: 2 };
/** An offer that is not (or no longer) there. */
const CHOOSE_99 = { type: 'exchange.choose', offerId: 99 };
const CONFIRM = { type: 'exchange.confirm' };
const RETRY = { type: 'exchange.retry' };
const RETRY_LOAD = { type: 'exchange.retryLoad' };
const CLOSE = { type: 'exchange.close' };

/** The buttons a person can press in each state (and a few the page does not show, which must do nothing). */
const PRESS: Partial<Record<Phase, AnyEventObject[]>> = {
  loadFailed: [RETRY_LOAD, CHOOSE_1],
  browsing: [CHOOSE_1, CHOOSE_2, CHOOSE_99, CONFIRM, RETRY_LOAD],
  confirming: [CONFIRM, CLOSE, CHOOSE_1],
  exchanging: [CLOSE, RETRY, CONFIRM],
  failed: [RETRY, CLOSE, CONFIRM],
  notEnough: [CLOSE, RETRY],
  exchanged: [CHOOSE_1, CHOOSE_2, CLOSE],
};

/** The page's parts a step can change. */
const DIALOG: Phase[] = ['confirming', 'exchanging', 'failed', 'notEnough'];
const READY: Phase[] = [...DIALOG, 'browsing', 'exchanged'];

export const exchangeSpec = (): SpecModel<ExchangeState> => ({
  name: 'exchange',
  spec: 'requirements §1, §2 (Exchange Fruit Coins, /exchange-coupons), §4 Session (the fruit balance)',
  initial: {
    phase: 'idle',
    offers: [],
    balance: 0,
    chosenId: null,
    requestId: null,
    drawn: 0,
    received: null,
    error: null,
    exchangeError: null,
    notEnough: null,
    told: [],
    stale: [],
  },
  steps: (s) => [
    { send: { type: 'exchange.load' } },
    // what the page offers in this state (and a few it does not show, which must do nothing)
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
    offers: s.offers,
    balance: s.balance,
    dialogOpen: DIALOG.includes(s.phase),
    exchanging: s.phase === 'exchanging',
    offer: s.offers.find((o) => o.id === s.chosenId) ?? null,
    showsNewCoupon: s.phase === 'exchanged',
    received: s.received,
    exchangeFailed: s.phase === 'failed',
    exchangeError: s.exchangeError,
    showsNotEnough: s.phase === 'notEnough',
    notEnough: s.notEnough,
    // what each of the others heard, in order
    told: Object.fromEntries(
      ['session', 'toast'].map((to) => [to, s.told.filter((t) => t.to === to).map((t) => t.event)]),
    ),
  }),
  label: (s) =>
    [
      s.phase,
      s.offers.length ? `balance ${s.balance}` : '',
      s.chosenId ? `offer ${s.chosenId}` : '',
      s.requestId ?? '',
      s.received ? 'coupon received' : '',
      s.error ? `"${s.error}"` : '',
      s.exchangeError ? `"${s.exchangeError}"` : '',
      s.notEnough ? `"${s.notEnough}"` : '',
      s.told.length ? `(${s.told.length} told)` : '',
      s.stale.length ? `+${s.stale.join('+')} dropped` : '',
    ]
      .filter(Boolean)
      .join(' '),
  maxDepth: 7,
});

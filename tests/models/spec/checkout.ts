// A checkout, as requirements §C4 and docs/decisions/004-commerce.md say it goes (requirements §1: visitors
// "use a cart, place orders"): nothing is spent before the person confirms; then POST /api/my/orders
// with the prompts, the coupon, the checkout's requestId and the share link that brought the buyer.
// - The FruitCoin part is paid at once: the balance, the cart, the header's badge and an open detail
//   page of the prompt bought ("Buy now") are told.
// - With a premium part the browser goes to its payment page; without one the checkout is done.
// - No answer (a network failure, 408, 429, a 5xx) can be retried with the same requestId, so it
//   cannot buy twice; a refusal (a 4xx: not enough FruitCoins, already owned…) says why and reloads
//   the cart. A failure without a readable reason says "Your order could not be placed. Please try
//   again."
// - Cancel closes the review, a failure, the redirect or the receipt; nothing closes "placing".
import type { CheckoutRequest, CheckoutResult } from '../../../domain/commerce.ts';
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';

export type CheckoutPhase =
  'idle' | 'reviewing' | 'placing' | 'retryable' | 'refused' | 'redirecting' | 'done';

/** What is being bought (the shape the cart and the detail page send). */
export interface SampleOrder {
  source: 'cart' | 'buyNow';
  promptIds: number[];
  couponId: number | null;
  fruit: number;
  totalCents: number;
  balance: number;
  title: string | null;
  detailId: string | null;
}

export const CART_ORDER: SampleOrder = {
  source: 'cart',
  promptIds: [3, 5],
  couponId: 4,
  fruit: 20,
  totalCents: 499,
  balance: 100,
  title: null,
  detailId: null,
};
export const BUY_NOW_ORDER: SampleOrder = {
  source: 'buyNow',
  promptIds: [7],
  couponId: null,
  fruit: 30,
  totalCents: 0,
  balance: 100,
  title: 'Copper Forest Dawn',
  detailId: 'copper-forest-dawn-7',
};
const EMPTY_ORDER: SampleOrder = { ...CART_ORDER, promptIds: [] };

const START_CART = { type: 'checkout.start', order: CART_ORDER, requestId: 'req-1', referral: 'Ab12Cd34' };
/** "Buy now" with neither a requestId nor a referral in the event. */
const START_BUY_NOW = { type: 'checkout.start', order: BUY_NOW_ORDER };
const START_EMPTY = { type: 'checkout.start', order: EMPTY_ORDER, requestId: 'req-2', referral: null };

/** A checkout with a premium part: the FruitCoin part is paid, the card part waits on its page. */
export const WITH_PAYMENT: CheckoutResult = {
  fruitOrder: null,
  cardOrder: null,
  paymentUrl: '/dev-pay/cs_test_1',
  balance: 80,
};
/** Everything paid with FruitCoins. */
export const PAID: CheckoutResult = { fruitOrder: null, cardOrder: null, paymentUrl: null, balance: 70 };

/** An API error as the client reports it: a message a person can read and the HTTP status (0: none). */
const apiError = (message: string, status?: number): Error =>
  Object.assign(new Error(message), status === undefined ? {} : { status });

const FAILURES: { error: Error; retryable: boolean; says: string }[] = [
  {
    error: apiError("Can't reach FruitPrompt right now.", 0),
    retryable: true,
    says: "Can't reach FruitPrompt right now.",
  },
  { error: apiError('Request timed out.', 408), retryable: true, says: 'Request timed out.' },
  { error: apiError('Too many requests.', 429), retryable: true, says: 'Too many requests.' },
  { error: apiError('', 500), retryable: true, says: 'Your order could not be placed. Please try again.' },
  { error: apiError('Something broke.'), retryable: true, says: 'Something broke.' },
  {
    error: apiError('You need 10 more FruitCoins.', 409),
    retryable: false,
    says: 'You need 10 more FruitCoins.',
  },
  { error: apiError('Bad request.', 499), retryable: false, says: 'Bad request.' },
];

/** The tags of each phase, sorted: what a page may ask of the snapshot ("busy" while a step is under way). */
const TAGS: Record<CheckoutPhase, string[]> = {
  idle: [],
  reviewing: ['reviewing'],
  placing: ['busy', 'placing'],
  retryable: ['error', 'retryable'],
  refused: ['error', 'refused'],
  redirecting: ['busy', 'redirecting'],
  done: ['done'],
};

export interface CheckoutState {
  phase: CheckoutPhase;
  /** The order of the last checkout started. */
  order: 'cart' | 'buyNow' | null;
  requestId: string;
  referral: string | null;
  result: 'withPayment' | 'paid' | null;
  error: string | null;
  /** What the other actors heard, in order ("<systemId> <event>"). */
  heard: string[];
  /** The payment pages the browser was sent to. */
  payments: string[];
}

const ORDERS = { cart: CART_ORDER, buyNow: BUY_NOW_ORDER } as const;
const RESULTS = { withPayment: WITH_PAYMENT, paid: PAID } as const;

export const checkoutSpec = (): SpecModel<CheckoutState> => {
  const placed = (s: CheckoutState, result: 'withPayment' | 'paid'): CheckoutState => {
    const { balance, paymentUrl } = RESULTS[result];
    const detailId = s.order ? ORDERS[s.order].detailId : null;
    return {
      ...s,
      phase: paymentUrl ? 'redirecting' : 'done',
      result,
      heard: [
        ...s.heard,
        `session ${JSON.stringify({ type: 'session.fruitUpdated', fruitCnt: balance })}`,
        `cart ${JSON.stringify({ type: 'cart.checkedOut' })}`,
        `cartCount ${JSON.stringify({ type: 'cart.refresh', reason: 'cartUpdate' })}`,
        ...(detailId ? [`promptDetail ${JSON.stringify({ type: 'detail.load', id: detailId })}`] : []),
      ],
      payments: paymentUrl ? [...s.payments, paymentUrl] : s.payments,
    };
  };
  const next = (s: CheckoutState, step: SpecStep): CheckoutState => {
    if ('wait' in step) return s;
    if ('send' in step) {
      const event = step.send as {
        type: string;
        order?: SampleOrder;
        requestId?: string;
        referral?: string | null;
      };
      switch (event.type) {
        case 'checkout.start':
          if (s.phase !== 'idle' || !event.order?.promptIds.length) return s;
          return {
            ...s,
            phase: 'reviewing',
            order: event.order.source,
            requestId: event.requestId ?? '',
            referral: event.referral ?? null,
            result: null,
            error: null,
          };
        case 'checkout.confirm':
          return s.phase === 'reviewing' ? { ...s, phase: 'placing' } : s;
        case 'checkout.retry':
          return s.phase === 'retryable' ? { ...s, phase: 'placing', error: null } : s;
        case 'checkout.cancel':
          return s.phase === 'placing' || s.phase === 'idle' ? s : { ...s, phase: 'idle' };
      }
      return s;
    }
    if (s.phase !== 'placing') return s;
    if ('settle' in step) return placed(s, step.output === WITH_PAYMENT ? 'withPayment' : 'paid');
    const failure = FAILURES.find((f) => f.error === step.error)!;
    return failure.retryable
      ? { ...s, phase: 'retryable', error: failure.says }
      : {
          ...s,
          phase: 'refused',
          error: failure.says,
          heard: [...s.heard, `cart ${JSON.stringify({ type: 'cart.reload' })}`],
        };
  };
  const request = (s: CheckoutState): CheckoutRequest => {
    const order = ORDERS[s.order!];
    return {
      promptIds: order.promptIds,
      couponId: order.couponId,
      requestId: s.requestId,
      referral: s.referral,
    };
  };
  return {
    name: 'checkout',
    spec: 'requirements §C4 and docs/decisions/004-commerce.md (checkout), requirements §1',
    initial: {
      phase: 'idle',
      order: null,
      requestId: '',
      referral: null,
      result: null,
      error: null,
      heard: [],
      payments: [],
    },
    steps: (s) => [
      ...(s.phase === 'idle'
        ? [{ send: START_CART }, { send: START_BUY_NOW }, { send: START_EMPTY }]
        : [{ send: START_CART }]),
      { send: { type: 'checkout.confirm' } },
      { send: { type: 'checkout.retry' } },
      { send: { type: 'checkout.cancel' } },
      ...(s.phase === 'placing'
        ? [
            { settle: 'placeOrder', output: WITH_PAYMENT },
            { settle: 'placeOrder', output: PAID },
            ...FAILURES.map(({ error }) => ({ fail: 'placeOrder', error })),
          ]
        : []),
    ],
    next,
    expect: (s) => ({
      phase: s.phase,
      open: s.phase !== 'idle',
      openOnCart: s.phase !== 'idle' && s.order === 'cart',
      openOnBuyNow: s.phase !== 'idle' && s.order === 'buyNow',
      order: s.order ? ORDERS[s.order] : null,
      result: s.result ? RESULTS[s.result] : null,
      error: s.error,
      tags: TAGS[s.phase],
      heard: s.heard,
      payments: s.payments,
    }),
    calls: (before, _step, after) =>
      after.phase === 'placing' && before.phase !== 'placing'
        ? [{ actor: 'placeOrder', input: request(after) }]
        : [],
    label: (s) =>
      `${s.phase}${s.order ? ` (${s.order})` : ''}${s.error ? ` "${s.error}"` : ''}${
        s.heard.length ? ` heard ${s.heard.length}` : ''
      }`,
    maxDepth: 6,
  };
};

// The pages a payment comes back to, as requirements §C4 and docs/decisions/004-commerce.md say (routes
// of requirements §2: /paiddetail-{orderId}-{sessionId}.html and /pendingdetail-{orderId}.html):
// - the paid page asks the server to confirm the payment session (POST …/confirm, idempotent), the
//   pending page loads the order (GET /api/my/orders/:orderId); a paid order unlocks its prompts
//   (the cart and its badge are told), a cancelled one says so, a pending one is followed;
// - a pending order is checked again every 3000 ms (the paid page confirms again), at most 20 times,
//   a failed check counting as one; then "Check again" starts over;
// - a pending order can be paid again (POST …/pay: a payment page, the browser goes there) or
//   cancelled after a confirmation (POST …/cancel: its items go back to the cart, the badge is told);
//   either failing keeps the order shown, says why, and follows it again;
// - loading or confirming failing says why (else "This order could not be loaded.") and can be retried;
// - opening the page again (or another order's) starts over, keeping the order shown when it is the
//   same one; leaving the page stops following it.
import type { OrderDetail } from '../../../domain/commerce.ts';
import type { SpecModel, SpecPath, SpecStep } from '../../support/spec-model.ts';

const order = (id: number, status: 'pending' | 'paid' | 'cancelled', sessionId: string | null): OrderDetail =>
  ({
    id,
    status,
    payment: { method: 'card', sessionId, paymentUrl: sessionId ? `/dev-pay/${sessionId}` : null },
  }) as unknown as OrderDetail;

export const ORDERS = {
  pending: order(12, 'pending', 'cs_1'),
  paid: order(12, 'paid', 'cs_1'),
  cancelled: order(12, 'cancelled', null),
  /** As "Pay now" answers it: the order with its new payment session. */
  repaid: order(12, 'pending', 'cs_2'),
} as const;
export type OrderKey = keyof typeof ORDERS;

/** What "Pay now" answers. */
export const PAYMENT_PAGE = { paymentUrl: '/dev-pay/cs_2', order: ORDERS.repaid };

export const POLL = 3000;
export const POLL_LIMIT = 20;
const LOAD_FAILED = 'This order could not be loaded.';
const PAY_FAILED = 'The payment page could not be opened. Please try again.';
const CANCEL_FAILED = 'The order could not be cancelled. Please try again.';

/** An error with a reason a person can read, and one without. */
export const NOT_FOUND = new Error('Order not found.');
export const NO_REASON = new Error('');

export type PaymentPhase =
  | 'idle'
  | 'confirming'
  | 'loading'
  | 'failed'
  | 'paid'
  | 'cancelled'
  | 'watching'
  | 'checking'
  | 'reconfirming'
  | 'stale'
  | 'confirmingCancel'
  | 'cancelling'
  | 'paying'
  | 'redirecting';

export interface PaymentResultState {
  phase: PaymentPhase;
  page: 'paid' | 'pending';
  orderId: string | null;
  sessionId: string | null;
  order: OrderKey | null;
  error: string | null;
  actionError: string | null;
  /** Checks of the pending order so far. */
  polls: number;
  /** Milliseconds spent watching since the last check. */
  t: number;
  /** What the cart and the badge heard. */
  heard: string[];
  /** The payment pages the browser went to. */
  payments: string[];
  /** Calls abandoned (the page reopened or left, or pay/cancel chosen during a check), by effect. */
  stale: Record<string, number>;
}

const PAID_TELLS = [
  `cart ${JSON.stringify({ type: 'cart.reload' })}`,
  `cartCount ${JSON.stringify({ type: 'cart.refresh', reason: 'cartUpdate' })}`,
];

/** The effect a phase waits on. */
const effectOf = (phase: PaymentPhase): string | null =>
  phase === 'confirming' || phase === 'reconfirming'
    ? 'confirmOrder'
    : phase === 'loading' || phase === 'checking'
      ? 'fetchOrder'
      : phase === 'cancelling'
        ? 'cancelOrder'
        : phase === 'paying'
          ? 'payOrder'
          : null;

const PENDING_PHASES: PaymentPhase[] = [
  'watching',
  'checking',
  'reconfirming',
  'stale',
  'confirmingCancel',
  'cancelling',
  'paying',
];

/** The tags of each phase: what a page asks of the snapshot ("busy" while a step is under way). */
const TAGS: Record<PaymentPhase, string[]> = {
  idle: [],
  confirming: ['loading'],
  loading: ['loading'],
  failed: ['error'],
  paid: ['paid'],
  cancelled: ['cancelled'],
  watching: ['watching'],
  checking: ['checking'],
  reconfirming: ['checking', 'reconfirming'],
  stale: ['stale'],
  confirmingCancel: ['cancelDialog'],
  cancelling: ['busy', 'cancelDialog', 'cancelling'],
  paying: ['busy', 'openingPayment'],
  redirecting: ['busy', 'redirecting'],
};

/** What the page shows as its step: before a page opened it, "loading". */
const SHOWN: Record<PaymentPhase, string> = {
  ...(Object.fromEntries(Object.keys(TAGS).map((p) => [p, p])) as Record<PaymentPhase, string>),
  idle: 'loading',
  confirming: 'loading',
};

export const openPaid = (orderId: string, sessionId: string): SpecStep => ({
  send: { type: 'payment.openPaid', orderId, sessionId },
});
export const openPending = (orderId: string): SpecStep => ({
  send: { type: 'payment.openPending', orderId },
});
const send = (type: string): SpecStep => ({ send: { type } });

export const paymentResultSpec = (): SpecModel<PaymentResultState> => {
  /** Moves to a phase, leaving the call of the phase it leaves (if any) unanswered. */
  const to = (s: PaymentResultState, phase: PaymentPhase, more: Partial<PaymentResultState> = {}) => {
    const left = effectOf(s.phase);
    return {
      ...s,
      stale: left ? { ...s.stale, [left]: (s.stale[left] ?? 0) + 1 } : s.stale,
      phase,
      t: 0,
      ...more,
    };
  };
  /** Moves on from the phase's answered call. */
  const answered = (s: PaymentResultState, phase: PaymentPhase, more: Partial<PaymentResultState> = {}) => ({
    ...s,
    phase,
    t: 0,
    ...more,
  });
  const open = (
    s: PaymentResultState,
    page: 'paid' | 'pending',
    orderId: string,
    sessionId: string | null,
  ): PaymentResultState =>
    to(s, page === 'paid' ? 'confirming' : 'loading', {
      page,
      orderId,
      sessionId,
      order: s.orderId === orderId ? s.order : null,
      polls: 0,
      actionError: null,
      error: null,
    });
  /** The order as the server answered it, from loading, confirming or a check. */
  const settled = (s: PaymentResultState, answer: OrderKey, check: boolean): PaymentResultState => {
    const { status } = ORDERS[answer];
    if (status === 'paid') return answered(s, 'paid', { order: answer, heard: [...s.heard, ...PAID_TELLS] });
    if (status === 'cancelled') return answered(s, 'cancelled', { order: answer });
    return answered(s, 'watching', { order: answer, polls: s.polls + (check ? 1 : 0) });
  };
  const next = (s: PaymentResultState, step: SpecStep): PaymentResultState => {
    if ('send' in step) {
      const event = step.send as { type: string; orderId?: string; sessionId?: string };
      if (event.type === 'payment.openPaid') return open(s, 'paid', event.orderId!, event.sessionId!);
      if (event.type === 'payment.openPending') return open(s, 'pending', event.orderId!, null);
      if (event.type === 'payment.close') return to(s, 'idle');
      const pending = PENDING_PHASES.includes(s.phase);
      switch (event.type) {
        case 'payment.retry':
          return s.phase === 'failed'
            ? to(s, s.page === 'paid' ? 'confirming' : 'loading', { error: null })
            : s;
        case 'payment.refresh':
          return s.phase === 'stale'
            ? to(s, s.page === 'paid' ? 'reconfirming' : 'checking', { polls: 0 })
            : s;
        case 'payment.pay':
          return pending && !['confirmingCancel', 'cancelling', 'paying'].includes(s.phase)
            ? to(s, 'paying', { actionError: null })
            : s;
        case 'payment.cancel':
          return pending && !['confirmingCancel', 'cancelling', 'paying'].includes(s.phase)
            ? to(s, 'confirmingCancel')
            : s;
        case 'payment.cancelConfirm':
          return s.phase === 'confirmingCancel' ? to(s, 'cancelling', { actionError: null }) : s;
        case 'payment.cancelAbort':
          return s.phase === 'confirmingCancel' ? to(s, 'watching') : s;
      }
      return s;
    }
    if ('wait' in step) {
      if (s.phase !== 'watching') return s;
      if (s.t + step.wait < POLL) return { ...s, t: s.t + step.wait };
      const rest = s.t + step.wait - POLL;
      const after =
        s.polls >= POLL_LIMIT ? to(s, 'stale') : to(s, s.page === 'paid' ? 'reconfirming' : 'checking');
      return rest > 0 ? next(after, { wait: rest }) : after;
    }
    const effect = 'settle' in step ? step.settle : step.fail;
    // an abandoned call answers first, and changes nothing
    if (s.stale[effect]) return { ...s, stale: { ...s.stale, [effect]: s.stale[effect] - 1 } };
    if (effectOf(s.phase) !== effect) return s;
    const reason = (fallback: string) =>
      'fail' in step && step.error instanceof Error && step.error.message ? step.error.message : fallback;
    switch (s.phase) {
      case 'confirming':
      case 'loading':
        return 'settle' in step
          ? settled(s, answerKey(step.output), false)
          : answered(s, 'failed', { error: reason(LOAD_FAILED) });
      case 'checking':
      case 'reconfirming':
        return 'settle' in step
          ? settled(s, answerKey(step.output), true)
          : answered(s, 'watching', { polls: s.polls + 1 });
      case 'cancelling':
        return 'settle' in step
          ? answered(s, 'cancelled', { order: answerKey(step.output), heard: [...s.heard, ...PAID_TELLS] })
          : answered(s, 'watching', { actionError: reason(CANCEL_FAILED) });
      case 'paying':
        return 'settle' in step
          ? answered(s, 'redirecting', {
              order: 'repaid',
              payments: [...s.payments, PAYMENT_PAGE.paymentUrl],
            })
          : answered(s, 'watching', { actionError: reason(PAY_FAILED) });
    }
    return s;
  };
  const answers = (effect: string): SpecStep[] => [
    { settle: effect, output: ORDERS.paid },
    { settle: effect, output: ORDERS.cancelled },
    { settle: effect, output: ORDERS.pending },
    { fail: effect, error: NOT_FOUND },
    { fail: effect, error: NO_REASON },
  ];
  const steps = (s: PaymentResultState): SpecStep[] => {
    const staleOnes = Object.entries(s.stale)
      .filter(([, n]) => n > 0)
      .map(([effect]) => ({ settle: effect, output: ORDERS.pending }));
    const own = effectOf(s.phase);
    // while an abandoned call of the same effect is pending, it answers first
    if (own && s.stale[own]) return [...staleOnes, send('payment.close')];
    switch (s.phase) {
      case 'idle':
        return [...staleOnes, openPaid('12', 'cs_1'), openPending('12')];
      case 'confirming':
        return [...answers('confirmOrder'), openPaid('12', 'cs_1'), send('payment.close')];
      case 'loading':
        return [...answers('fetchOrder'), openPending('12'), openPaid('13', 'cs_9')];
      case 'failed':
        return [...staleOnes, send('payment.retry'), openPending('12')];
      case 'paid':
        return [...staleOnes, openPending('12'), openPaid('13', 'cs_9')];
      case 'cancelled':
        return [...staleOnes, openPaid('12', 'cs_1')];
      case 'watching':
        return [
          ...staleOnes,
          ...(s.t === 0 ? [{ wait: POLL - 1 }, { wait: POLL }] : [{ wait: POLL - s.t }]),
          send('payment.pay'),
          send('payment.cancel'),
          openPending('13'),
          send('payment.close'),
        ];
      case 'checking':
      case 'reconfirming':
        // a pending answer here is the order as it is now (another payment session since)
        return [
          ...answers(own!).map((step) =>
            'settle' in step && step.output === ORDERS.pending ? { ...step, output: ORDERS.repaid } : step,
          ),
          send('payment.pay'),
          send('payment.cancel'),
        ];
      case 'stale':
        return [...staleOnes, send('payment.refresh'), send('payment.pay'), send('payment.cancel')];
      case 'confirmingCancel':
        return [...staleOnes, send('payment.cancelConfirm'), send('payment.cancelAbort')];
      case 'cancelling':
        return [
          { settle: 'cancelOrder', output: ORDERS.cancelled },
          { fail: 'cancelOrder', error: NOT_FOUND },
          { fail: 'cancelOrder', error: NO_REASON },
        ];
      case 'paying':
        return [
          { settle: 'payOrder', output: PAYMENT_PAGE },
          { fail: 'payOrder', error: NOT_FOUND },
          { fail: 'payOrder', error: NO_REASON },
        ];
      case 'redirecting':
        return [...staleOnes, openPending('12')];
    }
  };
  return {
    name: 'paymentResult',
    spec: 'requirements §C4 and docs/decisions/004-commerce.md (payment pages), requirements §2 routes',
    initial: {
      phase: 'idle',
      page: 'pending',
      orderId: null,
      sessionId: null,
      order: null,
      error: null,
      actionError: null,
      polls: 0,
      t: 0,
      heard: [],
      payments: [],
      stale: {},
    },
    steps,
    next,
    expect: (s) => ({
      phase: SHOWN[s.phase],
      showsOrder12: s.orderId === '12',
      order: s.order ? ORDERS[s.order] : null,
      error: s.error,
      actionError: s.actionError,
      tags: TAGS[s.phase],
      heard: s.heard,
      payments: s.payments,
    }),
    calls: (before, step, after) => {
      const effect = effectOf(after.phase);
      // a call starts on entering its phase (again, when the page is opened again)
      const entered =
        effect !== null &&
        (before.phase !== after.phase ||
          ('send' in step && /^payment\.open/.test(step.send.type)) ||
          ('send' in step && step.send.type === 'payment.refresh'));
      if (!entered) return [];
      const input =
        effect === 'confirmOrder'
          ? { orderId: after.orderId, sessionId: after.sessionId }
          : { orderId: after.orderId };
      return [{ actor: effect, input }];
    },
    label: (s) =>
      `${s.phase}${s.phase === 'idle' ? '' : ` ${s.page} #${s.orderId}`}${s.order ? ` (${s.order})` : ''}${
        s.error ? ` "${s.error}"` : ''
      }${s.actionError ? ` action "${s.actionError}"` : ''}${s.polls ? ` polls ${s.polls}` : ''}${
        s.t ? ` +${s.t} ms` : ''
      }${Object.values(s.stale).some(Boolean) ? ` stale ${JSON.stringify(s.stale)}` : ''}`,
    maxDepth: 5,
  };
};

const answerKey = (output: unknown): OrderKey =>
  (Object.keys(ORDERS) as OrderKey[]).find((k) => ORDERS[k] === output) ?? 'pending';

/**
 * Hand-made long paths (BFS does not reach 20 checks): a pending order followed until the page stops
 * following it by itself, then "Check again".
 */
export function followedPaths(model: SpecModel<PaymentResultState>): SpecPath<PaymentResultState>[] {
  const pathOf = (title: string, steps: SpecStep[]): SpecPath<PaymentResultState> => {
    let state = model.initial;
    return {
      title,
      steps: steps.map((step) => {
        state = model.next(state, step);
        return { step, state };
      }),
    };
  };
  const checks = (effect: string, n: number, lastFails: boolean): SpecStep[] =>
    Array.from({ length: n }, (_, i) => [
      { wait: POLL },
      i === n - 1 && lastFails
        ? { fail: effect, error: NOT_FOUND }
        : { settle: effect, output: i % 2 ? ORDERS.pending : ORDERS.repaid },
    ]).flat();
  return [
    pathOf('pending page: 20 checks (the last one failing), then it stops following, then "Check again"', [
      openPending('12'),
      { settle: 'fetchOrder', output: ORDERS.pending },
      ...checks('fetchOrder', POLL_LIMIT, true),
      { wait: POLL - 1 },
      { wait: 1 },
      send('payment.cancel'),
      send('payment.cancelAbort'),
      { wait: POLL },
      send('payment.refresh'),
      { settle: 'fetchOrder', output: ORDERS.repaid },
      { wait: POLL },
    ]),
    pathOf('a failed "Pay now", then a failed cancel, then "Pay now" again: each says why, then not', [
      openPending('12'),
      { settle: 'fetchOrder', output: ORDERS.pending },
      send('payment.pay'),
      { fail: 'payOrder', error: NOT_FOUND },
      send('payment.cancel'),
      send('payment.cancelConfirm'),
      { fail: 'cancelOrder', error: NO_REASON },
      send('payment.pay'),
      { settle: 'payOrder', output: PAYMENT_PAGE },
    ]),
    pathOf('paid page: 20 confirmations (the last one failing), then it stops, then "Check again" confirms', [
      openPaid('12', 'cs_1'),
      { settle: 'confirmOrder', output: ORDERS.pending },
      ...checks('confirmOrder', POLL_LIMIT, true),
      { wait: POLL },
      send('payment.pay'),
      { fail: 'payOrder', error: NOT_FOUND },
      { wait: POLL },
      send('payment.refresh'),
      { settle: 'confirmOrder', output: ORDERS.paid },
    ]),
  ];
}

// One of the member's orders (/order-detail/{orderId}, requirements §2 route table: "order detail", auth
// required), written as it should behave, not read off the machine. requirements §C4: a premium order
// stays pending until paid on the payment page. The page asks the server for the order and shows its
// skeleton meanwhile, never an earlier order; then the order, "Order not found" (not the member's, or
// none), or the error view with the server's words (else "This order could not be loaded.") and "Try
// again". A pending order offers "Pay now" and "Cancel order"; another offers neither.
// - "Pay now" asks the server for the order's payment page ("Opening the payment page…", the buttons
//   wait) and the browser leaves for it; a failure keeps the order shown and says why (else "The payment
//   page could not be opened. Please try again.").
// - "Cancel order" asks first ("Cancel order #N?"): keeping it closes the dialog; confirming cancels it
//   ("Cancelling…"), then the dialog closes on the order as the server now has it, a green toast says
//   "Order #N was cancelled. Its prompts are back in your cart." and the cart and its header badge are
//   refreshed; a failure closes the dialog and says why (else "The order could not be cancelled. Please
//   try again."). Opening the dialog or paying again clears the last failure.
// Opening an order (again) drops whatever was under way: its late answer changes nothing.
import type { OrderDetail } from '../../../domain/commerce.ts';
import { orderDetailFixture } from '../../support/history-fixtures.ts';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

type Phase =
  | 'idle'
  | 'loading'
  | 'notFound'
  | 'error'
  | 'viewing'
  | 'confirmingCancel'
  | 'cancelling'
  | 'paying'
  | 'redirecting';

type Effect = 'fetchOrder' | 'payOrder' | 'cancelOrder';

export interface OrderDetailState {
  phase: Phase;
  orderId: string | null;
  order: OrderDetail | null;
  error: string | null;
  actionError: string | null;
  /** What the toast queue, the cart and the cart badge were told, in order. */
  told: { to: string; event: Record<string, unknown> }[];
  /** The payment pages the browser was sent to. */
  left: string[];
  /** Calls dropped by opening an order again, not answered yet, oldest first. */
  stale: Effect[];
}

export const FAILED = 'This order could not be loaded.';
export const PAY_FAILED = 'The payment page could not be opened. Please try again.';
export const CANCEL_FAILED = 'The order could not be cancelled. Please try again.';
export const cancelledToast = (id: number) =>
  `Order #${id} was cancelled. Its prompts are back in your cart.`;
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";

export const PENDING = orderDetailFixture(42, { status: 'pending' });
export const PAID = orderDetailFixture(42, { status: 'paid' });
/** The order as the server has it once cancelled (and as it is when the payment page opens). */
export const CANCELLED = orderDetailFixture(42, {
  status: 'cancelled',
  cancelledAt: '2026-05-02T10:00:00.000Z',
  payment: { method: 'card', sessionId: null, paymentUrl: null },
});
export const OPENED = orderDetailFixture(42, {
  status: 'pending',
  payment: { method: 'card', sessionId: 'cs_42', paymentUrl: '/dev-pay/cs_42' },
});

const live: Partial<Record<Phase, Effect>> = {
  loading: 'fetchOrder',
  paying: 'payOrder',
  cancelling: 'cancelOrder',
};

/** The calls out, oldest first: the dropped ones, then the one under way. */
const outstanding = (s: OrderDetailState): Effect[] => [
  ...s.stale,
  ...(live[s.phase] ? [live[s.phase]!] : []),
];

const why = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const answer = (s: OrderDetailState, step: Extract<SpecStep, { settle: string } | { fail: string }>) => {
  const ok = 'settle' in step;
  const output = ok ? step.output : undefined;
  const error = ok ? undefined : step.error;
  switch (s.phase) {
    case 'loading': {
      if (!ok) return { ...s, phase: 'error' as const, error: why(error, FAILED) };
      const lookup = output as { found: boolean; order?: OrderDetail };
      return lookup.found
        ? { ...s, phase: 'viewing' as const, order: lookup.order! }
        : { ...s, phase: 'notFound' as const };
    }
    case 'paying': {
      if (!ok) return { ...s, phase: 'viewing' as const, actionError: why(error, PAY_FAILED) };
      const page = output as { paymentUrl: string; order: OrderDetail };
      return { ...s, phase: 'redirecting' as const, order: page.order, left: [...s.left, page.paymentUrl] };
    }
    case 'cancelling': {
      if (!ok) return { ...s, phase: 'viewing' as const, actionError: why(error, CANCEL_FAILED) };
      const order = output as OrderDetail;
      return {
        ...s,
        phase: 'viewing' as const,
        order,
        told: [
          ...s.told,
          { to: 'toast', event: { type: 'toast.show', kind: 'success', message: cancelledToast(order.id) } },
          { to: 'cart', event: { type: 'cart.reload' } },
          { to: 'cartCount', event: { type: 'cart.refresh', reason: 'cartUpdate' } },
        ],
      };
    }
    default:
      return s;
  }
};

const next = (s: OrderDetailState, step: SpecStep): OrderDetailState => {
  if ('wait' in step) return s;
  if ('send' in step) {
    const { type } = step.send;
    const pending = s.order?.status === 'pending';
    if (type === 'order.load')
      return {
        ...s,
        phase: 'loading',
        orderId: step.send.orderId as string,
        order: null,
        error: null,
        actionError: null,
        stale: outstanding(s),
      };
    if (type === 'order.retry' && s.phase === 'error') return { ...s, phase: 'loading', error: null };
    if (type === 'order.pay' && s.phase === 'viewing' && pending)
      return { ...s, phase: 'paying', actionError: null };
    if (type === 'order.cancel' && s.phase === 'viewing' && pending)
      return { ...s, phase: 'confirmingCancel', actionError: null };
    if (type === 'order.cancelKeep' && s.phase === 'confirmingCancel') return { ...s, phase: 'viewing' };
    if (type === 'order.cancelConfirm' && s.phase === 'confirmingCancel')
      return { ...s, phase: 'cancelling' };
    return s;
  }
  const actor = 'settle' in step ? step.settle : step.fail;
  const stale = s.stale.indexOf(actor as Effect);
  if (stale >= 0) return { ...s, stale: s.stale.filter((_, i) => i !== stale) };
  return live[s.phase] === actor ? answer(s, step) : s;
};

const calls = (before: OrderDetailState, step: SpecStep, after: OrderDetailState): EffectCall[] => {
  if (!('send' in step)) return [];
  const effect = live[after.phase];
  const started = effect && (before.phase !== after.phase || step.send.type === 'order.load');
  return started ? [{ actor: effect, input: { orderId: after.orderId } }] : [];
};

const TAGS_OF: Partial<Record<Phase, string[]>> = {
  loading: ['loading'],
  notFound: ['notFound'],
  error: ['error'],
  viewing: ['ready'],
  confirmingCancel: ['ready', 'cancelDialog'],
  cancelling: ['ready', 'busy', 'cancelDialog', 'cancelling'],
  paying: ['ready', 'busy', 'openingPayment'],
  redirecting: ['ready', 'busy', 'openingPayment'],
};
/** The machine's tags, in the order the test lists them. */
const TAG_ORDER = [
  'loading',
  'notFound',
  'error',
  'ready',
  'busy',
  'openingPayment',
  'cancelDialog',
  'cancelling',
];

const answers = (actor: Effect): SpecStep[] => {
  const failures: SpecStep[] = [
    { fail: actor, error: new Error(SERVER_DOWN) },
    { fail: actor, error: new Error('') },
  ];
  if (actor === 'fetchOrder')
    return [
      { settle: actor, output: { found: true, order: PENDING } },
      { settle: actor, output: { found: true, order: PAID } },
      { settle: actor, output: { found: false } },
      ...failures,
    ];
  if (actor === 'payOrder')
    return [{ settle: actor, output: { paymentUrl: '/dev-pay/cs_42', order: OPENED } }, ...failures];
  return [{ settle: actor, output: CANCELLED }, ...failures];
};

export const orderDetailSpec = (): SpecModel<OrderDetailState> => ({
  name: 'orderDetail',
  spec: 'requirements §2 (order detail, /order-detail/{orderId}); requirements §C4 (a pending order, paid on the payment page)',
  initial: {
    phase: 'idle',
    orderId: null,
    order: null,
    error: null,
    actionError: null,
    told: [],
    left: [],
    stale: [],
  },
  steps: (s) => [
    { send: { type: 'order.load', orderId: '42' } },
    { send: { type: 'order.retry' } },
    { send: { type: 'order.pay' } },
    { send: { type: 'order.cancel' } },
    { send: { type: 'order.cancelConfirm' } },
    { send: { type: 'order.cancelKeep' } },
    ...[...new Set(outstanding(s))].flatMap(answers),
  ],
  next,
  calls,
  expect: (s) => ({
    // the machine's tags (its published states) and the call under way
    tags: TAG_ORDER.filter((tag) => (TAGS_OF[s.phase] ?? []).includes(tag)),
    running: live[s.phase] ? [live[s.phase]] : [],
    status: ['viewing', 'confirmingCancel', 'cancelling', 'paying', 'redirecting'].includes(s.phase)
      ? 'ready'
      : s.phase === 'notFound' || s.phase === 'error'
        ? s.phase
        : 'loading',
    error: s.error,
    order: s.order,
    busy: ['cancelling', 'paying', 'redirecting'].includes(s.phase),
    openingPayment: s.phase === 'paying' || s.phase === 'redirecting',
    cancelDialog: s.phase === 'confirmingCancel' || s.phase === 'cancelling',
    cancelling: s.phase === 'cancelling',
    actionError: s.actionError,
    // what each of the others heard, in order
    told: Object.fromEntries(
      ['toast', 'cart', 'cartCount'].map((to) => [to, s.told.filter((t) => t.to === to).map((t) => t.event)]),
    ),
    left: s.left,
  }),
  label: (s) =>
    [
      s.phase,
      s.order ? `#${s.order.id} ${s.order.status}` : '',
      s.error ? `"${s.error}"` : '',
      s.actionError ? `"${s.actionError}"` : '',
      s.told.length ? `(${s.told.length / 3} cancel told)` : '',
      s.left.length ? `(left for ${s.left.join(', ')})` : '',
      s.stale.length ? `+${s.stale.join('+')} dropped` : '',
    ]
      .filter(Boolean)
      .join(' '),
  maxDepth: 6,
});

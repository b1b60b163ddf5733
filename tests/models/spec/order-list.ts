// My Orders (/orders, requirements §2 route table: "orders", auth required; the avatar menu's "Orders"),
// written as it should behave, not read off the machine. The page shows the member's orders ten at a
// time, all of them or only one status, as its address says (page, status). Each time it is opened or
// its page / filter changes it asks the server for that page and shows its skeleton meanwhile (also
// before the first load), never the previous page's (or member's) orders; then the page, possibly empty,
// or the error view with the server's words (else "Your orders could not be loaded.") and "Try again",
// which asks for the same page again. A load the member left behind changes nothing when it answers.
import type { OrderPage, OrderStatus } from '../../../domain/commerce.ts';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface OrderQuery {
  page: number;
  status?: OrderStatus;
}

export interface OrderListState {
  phase: 'idle' | 'loading' | 'ready' | 'error';
  /** The page and filter asked for last (null before the page was opened). */
  query: OrderQuery | null;
  page: OrderPage | null;
  error: string | null;
  /** Calls of loads left behind that have not answered yet. */
  stale: number;
}

export const FAILED = 'Your orders could not be loaded.';
/** Orders per page of /orders. */
export const PAGE_SIZE = 10;
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";

const totals = { fruit: 0, subtotalCents: 900, discountCents: 0, totalCents: 900 };

/** Sample answers: a page with a pending order, and an empty page. */
export const SOME_ORDERS: OrderPage = {
  data: [
    {
      id: 42,
      status: 'pending' as const,
      createdAt: '2026-03-01T10:00:00.000Z',
      paidAt: null,
      cancelledAt: null,
      itemCount: 1,
      titles: ['Neon city at dusk'],
      totals,
      checkout: { id: 42, orderIds: [42] },
    },
  ],
  total: 11,
  page: 2,
  pageSize: PAGE_SIZE,
};
export const NO_ORDERS: OrderPage = { data: [], total: 0, page: 1, pageSize: PAGE_SIZE };

const pendingCalls = (s: OrderListState): number => s.stale + (s.phase === 'loading' ? 1 : 0);

const next = (s: OrderListState, step: SpecStep): OrderListState => {
  if ('send' in step) {
    const event = step.send;
    if (event.type === 'orders.load')
      return {
        phase: 'loading',
        query: event.query as OrderQuery,
        page: null,
        error: null,
        stale: pendingCalls(s),
      };
    if (event.type === 'orders.retry' && s.phase === 'error') return { ...s, phase: 'loading', error: null };
    return s;
  }
  if ('wait' in step) return s;
  if (s.stale > 0) return { ...s, stale: s.stale - 1 };
  if (s.phase !== 'loading') return s;
  if ('settle' in step) return { ...s, phase: 'ready', page: step.output as OrderPage };
  const error = step.error;
  return { ...s, phase: 'error', error: error instanceof Error && error.message ? error.message : FAILED };
};

const calls = (before: OrderListState, step: SpecStep, after: OrderListState): EffectCall[] =>
  'send' in step &&
  after.phase === 'loading' &&
  (step.send.type === 'orders.load' || before.phase === 'error')
    ? [{ actor: 'fetchOrders', input: { ...after.query, pageSize: PAGE_SIZE } }]
    : [];

export const orderListSpec = (): SpecModel<OrderListState> => ({
  name: 'orderList',
  spec: 'requirements §2 (My Orders, /orders: a page at a time, optionally one status)',
  initial: { phase: 'idle', query: null, page: null, error: null, stale: 0 },
  steps: (s) => [
    { send: { type: 'orders.load', query: { page: 1 } } },
    { send: { type: 'orders.load', query: { page: 2, status: 'pending' } } },
    { send: { type: 'orders.retry' } },
    ...(pendingCalls(s) > 0
      ? [
          { settle: 'fetchOrders', output: SOME_ORDERS },
          { settle: 'fetchOrders', output: NO_ORDERS },
          { fail: 'fetchOrders', error: new Error(SERVER_DOWN) },
          { fail: 'fetchOrders', error: new Error('') },
        ]
      : []),
  ],
  next,
  calls,
  expect: (s) => ({
    // the machine's tags (its published states) and the call under way
    tags: s.phase === 'idle' ? [] : [s.phase],
    running: s.phase === 'loading' ? ['fetchOrders'] : [],
    status: s.phase === 'idle' ? 'loading' : s.phase,
    error: s.error,
    orders: s.page,
  }),
  label: (s) =>
    `${s.phase}${s.query ? ` page ${s.query.page}${s.query.status ? ` ${s.query.status}` : ''}` : ''}${
      s.phase === 'ready' ? ` (${s.page?.data.length} orders)` : ''
    }${s.phase === 'error' ? ` "${s.error}"` : ''}${s.stale ? ` +${s.stale} left behind` : ''}`,
  maxDepth: 4,
});

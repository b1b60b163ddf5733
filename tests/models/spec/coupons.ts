// My Coupons (/coupons, requirements §2 route table: "user coupons", auth required; §1: signed-in users get
// coupons), written as it should behave, not read off the machine. The page is opened on a tab (valid,
// used or expired) and asks the server for that tab's coupons. Until they arrive it shows its skeleton
// (also before the first load), never another tab's (or another member's) coupons; then the coupons,
// possibly none, or the error view with the server's words (else "Your coupons could not be loaded.")
// and "Try again", which asks again for the same tab. Opening a tab while a load is under way drops that
// load: its late answer changes nothing.
import type { Coupon, CouponStatus } from '../../../domain/commerce.ts';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface CouponsState {
  /** Not opened yet, waiting for the tab's coupons, showing them, or the error view. */
  phase: 'idle' | 'loading' | 'ready' | 'error';
  /** The tab last opened (null before the page was opened). */
  tab: CouponStatus | null;
  coupons: Coupon[];
  error: string | null;
  /** Calls of loads that were dropped and have not answered yet (their answers change nothing). */
  stale: number;
}

export const FAILED = 'Your coupons could not be loaded.';

const coupon = (id: number, status: CouponStatus, orderId: number | null): Coupon => ({
  id,
  code: `SAVE${id}`,
  title: `${id}0% off`,
  kind: 'percent',
  value: id * 10,
  minSpendCents: 0,
  validFrom: '2026-01-01T00:00:00.000Z',
  validUntil: '2026-12-31T00:00:00.000Z',
  status,
  usedAt: orderId === null ? null : '2026-02-01T00:00:00.000Z',
  orderId,
  exchangeOfferId: null,
});

/** Sample answers: a tab with coupons (a used one names its order) and an empty tab. */
export const SOME_COUPONS: Coupon[] = [coupon(1, 'valid', null), coupon(2, 'used', 7)];
export const NO_COUPONS: Coupon[] = [];
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";

const pendingCalls = (s: CouponsState): number => s.stale + (s.phase === 'loading' ? 1 : 0);

const next = (s: CouponsState, step: SpecStep): CouponsState => {
  if ('send' in step) {
    const event = step.send;
    if (event.type === 'coupons.load')
      // a new load starts blank; a load under way is dropped (its call stays out, unanswered)
      return {
        phase: 'loading',
        tab: event.tab as CouponStatus,
        coupons: [],
        error: null,
        stale: pendingCalls(s),
      };
    if (event.type === 'coupons.retry' && s.phase === 'error') return { ...s, phase: 'loading', error: null };
    return s;
  }
  if ('wait' in step) return s;
  // the oldest call answers first: a dropped load's answer changes nothing
  if (s.stale > 0) return { ...s, stale: s.stale - 1 };
  if (s.phase !== 'loading') return s;
  if ('settle' in step) return { ...s, phase: 'ready', coupons: step.output as Coupon[] };
  const error = step.error;
  return {
    ...s,
    phase: 'error',
    error: error instanceof Error && error.message ? error.message : FAILED,
  };
};

const calls = (before: CouponsState, step: SpecStep, after: CouponsState): EffectCall[] => {
  const started =
    'send' in step &&
    after.phase === 'loading' &&
    (step.send.type === 'coupons.load' || before.phase === 'error');
  return started ? [{ actor: 'fetchCoupons', input: { status: after.tab } }] : [];
};

export const couponsSpec = (): SpecModel<CouponsState> => ({
  name: 'coupons',
  spec: 'requirements §1, §2 (My Coupons, /coupons: the valid, used and expired tabs)',
  initial: { phase: 'idle', tab: null, coupons: [], error: null, stale: 0 },
  steps: (s) => [
    { send: { type: 'coupons.load', tab: 'valid' } },
    { send: { type: 'coupons.load', tab: 'used' } },
    { send: { type: 'coupons.retry' } },
    ...(pendingCalls(s) > 0
      ? [
          { settle: 'fetchCoupons', output: SOME_COUPONS },
          { settle: 'fetchCoupons', output: NO_COUPONS },
          { fail: 'fetchCoupons', error: new Error(SERVER_DOWN) },
          { fail: 'fetchCoupons', error: new Error('') },
        ]
      : []),
  ],
  next,
  calls,
  // what the page shows: the skeleton (before the first load too), the coupons or the error view
  expect: (s) => ({
    // the machine's tags (its published states) and the call under way
    tags: s.phase === 'idle' ? [] : [s.phase],
    running: s.phase === 'loading' ? ['fetchCoupons'] : [],
    status: s.phase === 'idle' ? 'loading' : s.phase,
    error: s.error,
    coupons: s.coupons,
  }),
  label: (s) =>
    `${s.phase}${s.tab ? ` ${s.tab}` : ''}${s.phase === 'ready' ? ` (${s.coupons.length} coupons)` : ''}${
      s.phase === 'error' ? ` "${s.error}"` : ''
    }${s.stale ? ` +${s.stale} dropped` : ''}`,
  maxDepth: 4,
});

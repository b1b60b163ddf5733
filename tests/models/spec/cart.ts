// The member's cart, as docs/requirements.md (§1 "use a cart", §2 header cart link and badge, §6 cart for the
// logged in) and docs/decisions/004-commerce.md (GET /api/my/cart?couponId=, POST …/cart/add and
// …/remove answering the cart, GET /api/my/coupons) say it behaves:
// - it loads when a member signs in and empties when the session is a visitor's; a visitor's "Add to
//   cart" opens the login dialog;
// - changes go to the server one at a time, oldest first (later clicks wait); a prompt already in the
//   cart (or on its way there) is not added again, one not in it is not removed; each answer is the
//   cart as the server prices it now; after each answer the header badge refreshes, an add says
//   "Added to cart", a failure says why (else "Your cart could not be updated. Please try again.");
// - the cart page asks for the cart again and for the member's valid coupons; a coupon picked from
//   them is asked for with the cart (after the changes under way); a checkout empties the coupon;
// - the session hears of the balance when an answer shows it changed since the last one;
// - a failed load says why (else "Your cart could not be loaded.") and can be retried; failed coupons
//   say "Your coupons could not be loaded." and can be reloaded.
import type { Cart, CartChange, Coupon } from '../../../domain/commerce.ts';
import type { SpecModel, SpecPath, SpecStep } from '../../support/spec-model.ts';

export type CartPhase = 'loading' | 'idle' | 'changing' | 'failed';
export type CouponsPhase = 'idle' | 'loading' | 'loaded' | 'failed';

/** A cart as the server answers it (the machine reads the items' prompt ids and the balance). */
const cartOf = (promptIds: number[], balance: number): Cart =>
  ({ items: promptIds.map((promptId) => ({ promptId })), balance }) as unknown as Cart;

export const CART = cartOf([3], 100);
/** The same cart after FruitCoins were spent elsewhere (another tab). */
export const CART_SPENT = cartOf([3], 80);
export const COUPONS = [{ id: 7, code: 'SAVE-7', status: 'valid' } as unknown as Coupon];

export const WITH_REASON = new Error('That prompt is free.');
export const NO_REASON = new Error('');

const LOAD_FAILED = 'Your cart could not be loaded.';
const CHANGE_FAILED = 'Your cart could not be updated. Please try again.';
const COUPONS_FAILED = 'Your coupons could not be loaded.';

export interface CartState {
  signedIn: boolean;
  phase: CartPhase;
  coupons: CouponsPhase;
  cart: Cart | null;
  couponId: number | null;
  queue: CartChange[];
  error: string | null;
  couponList: Coupon[];
  couponsError: string | null;
  /** What other actors heard, in order ("<systemId> <event>"). */
  heard: string[];
  /** Calls abandoned and not answered yet, by effect. */
  stale: Record<string, number>;
  /** The calls the last step started, in order. */
  started: { actor: string; input: unknown }[];
}

const heard = (to: string, event: object) => `${to} ${JSON.stringify(event)}`;
const EFFECT: Partial<Record<CartPhase, string>> = { loading: 'fetchCart', changing: 'changeCart' };

export const send = (type: string, more: object = {}): SpecStep => ({ send: { type, ...more } });
export const add = (promptId: number) => send('cart.add', { promptId });
export const remove = (promptId: number) => send('cart.remove', { promptId });
export const apply = (couponId: number) => send('cart.applyCoupon', { couponId });

const INITIAL: CartState = {
  signedIn: false,
  phase: 'loading',
  coupons: 'idle',
  cart: null,
  couponId: null,
  queue: [],
  error: null,
  couponList: [],
  couponsError: null,
  heard: [],
  stale: {},
  started: [],
};

/** The cart after a change, as the server answers it. */
export const changed = (cart: Cart | null, change: CartChange): Cart => {
  const ids = (cart ?? CART).items.map((i) => i.promptId);
  return cartOf(
    change.op === 'add' ? [...ids, change.promptId] : ids.filter((id) => id !== change.promptId),
    (cart ?? CART).balance,
  );
};

const inCart = (s: CartState, promptId: number) =>
  s.cart?.items.some((i) => i.promptId === promptId) ?? false;
const queued = (s: CartState, promptId: number) => s.queue.some((c) => c.promptId === promptId);

export const cartSpec = (): SpecModel<CartState> => {
  const staleOf = (s: CartState): Record<string, number> => {
    if (!s.signedIn) return s.stale;
    const stale = { ...s.stale };
    const left = [EFFECT[s.phase], s.coupons === 'loading' ? 'fetchCoupons' : undefined];
    for (const effect of left) if (effect) stale[effect] = (stale[effect] ?? 0) + 1;
    return stale;
  };
  /** The cart region leaves its phase (its call, if any, is abandoned). */
  const cartTo = (s: CartState, phase: CartPhase, more: Partial<CartState> = {}): CartState => {
    const effect = EFFECT[s.phase];
    const stale = effect ? { ...s.stale, [effect]: (s.stale[effect] ?? 0) + 1 } : s.stale;
    const t = { ...s, stale, phase, error: null, ...more };
    return settleQueue(fetching(t));
  };
  const fetching = (s: CartState): CartState => ({
    ...s,
    started: [...s.started, { actor: 'fetchCart', input: { couponId: s.couponId } }],
  });
  const changing = (s: CartState): CartState => ({
    ...s,
    phase: 'changing',
    started: [...s.started, { actor: 'changeCart', input: s.queue[0] }],
  });
  const couponsLoading = (s: CartState): CartState => ({
    ...s,
    coupons: 'loading',
    started: [...s.started, { actor: 'fetchCoupons', input: undefined }],
  });
  /** With changes waiting, an idle or failed cart sends the oldest. */
  const settleQueue = (s: CartState): CartState =>
    s.queue.length && (s.phase === 'idle' || s.phase === 'failed') ? changing(s) : s;
  /** The server's cart is taken; the session hears of a balance that changed since the last answer. */
  const take = (s: CartState, cart: Cart): CartState => ({
    ...s,
    cart,
    heard:
      s.cart && s.cart.balance !== cart.balance
        ? [...s.heard, heard('session', { type: 'session.fruitUpdated', fruitCnt: cart.balance })]
        : s.heard,
  });
  const reset = { couponId: null, queue: [], error: null, couponList: [], couponsError: null, cart: null };

  const next = (before: CartState, step: SpecStep): CartState => {
    const s: CartState = { ...before, started: [] };
    if ('wait' in step) return s;
    if ('send' in step) {
      const event = step.send as { type: string; promptId?: number; couponId?: number };
      if (event.type === 'cart.load' || event.type === 'session.member')
        return fetching({
          ...s,
          ...reset,
          stale: staleOf(s),
          signedIn: true,
          phase: 'loading',
          coupons: 'idle',
        });
      if (event.type === 'cart.clear' || event.type === 'session.visitor')
        return { ...s, ...reset, stale: staleOf(s), signedIn: false, phase: 'loading', coupons: 'idle' };
      if (!s.signedIn)
        return event.type === 'cart.add'
          ? { ...s, heard: [...s.heard, heard('app', { type: 'loginDialog.open', mode: 'login' })] }
          : s;
      // the coupons region
      let t = s;
      const couponsReload =
        (event.type === 'cart.open' && s.coupons !== 'loading') ||
        (event.type === 'cart.checkedOut' && (s.coupons === 'loaded' || s.coupons === 'failed')) ||
        (event.type === 'cart.couponsRetry' && s.coupons === 'failed');
      // the cart region
      switch (event.type) {
        case 'cart.add':
          if (!inCart(t, event.promptId!) && !queued(t, event.promptId!))
            t = settleQueue({ ...t, queue: [...t.queue, { op: 'add', promptId: event.promptId! }] });
          break;
        case 'cart.remove':
          if (inCart(t, event.promptId!) && !queued(t, event.promptId!))
            t = settleQueue({ ...t, queue: [...t.queue, { op: 'remove', promptId: event.promptId! }] });
          break;
        case 'cart.open':
        case 'cart.reload':
          if (t.phase === 'idle' || t.phase === 'failed') t = cartTo(t, 'loading');
          break;
        case 'cart.retry':
          if (t.phase === 'failed') t = cartTo(t, 'loading');
          break;
        case 'cart.checkedOut':
          if (t.phase !== 'changing') t = cartTo(t, 'loading', { couponId: null });
          break;
        case 'cart.applyCoupon': {
          const known = event.couponId !== t.couponId && t.couponList.some((c) => c.id === event.couponId);
          if (!known || t.phase === 'failed') break;
          t =
            t.phase === 'changing'
              ? { ...t, couponId: event.couponId! }
              : cartTo(t, 'loading', { couponId: event.couponId! });
          break;
        }
        case 'cart.clearCoupon':
          if (t.couponId === null || t.phase === 'failed') break;
          t = t.phase === 'changing' ? { ...t, couponId: null } : cartTo(t, 'loading', { couponId: null });
          break;
      }
      return couponsReload ? couponsLoading(t) : t;
    }
    const effect = 'settle' in step ? step.settle : step.fail;
    if (s.stale[effect]) return { ...s, stale: { ...s.stale, [effect]: s.stale[effect] - 1 } };
    const reason = (fallback: string) =>
      'fail' in step && step.error instanceof Error && step.error.message ? step.error.message : fallback;
    if (effect === 'fetchCoupons') {
      if (s.coupons !== 'loading') return s;
      return 'settle' in step
        ? { ...s, coupons: 'loaded', couponList: step.output as Coupon[], couponsError: null }
        : { ...s, coupons: 'failed', couponsError: reason(COUPONS_FAILED) };
    }
    if (effect === 'fetchCart' && s.phase === 'loading')
      return 'settle' in step
        ? settleQueue({ ...take(s, step.output as Cart), phase: 'idle' })
        : settleQueue({ ...s, phase: 'failed', error: reason(LOAD_FAILED) });
    if (effect === 'changeCart' && s.phase === 'changing') {
      const [head, ...rest] = s.queue;
      if ('settle' in step) {
        const taken = take(s, step.output as Cart);
        const after: CartState = {
          ...taken,
          queue: rest,
          heard: [
            ...taken.heard,
            ...(head!.op === 'add'
              ? [heard('toast', { type: 'toast.show', kind: 'success', message: 'Added to cart' })]
              : []),
            heard('cartCount', { type: 'cart.refresh', reason: 'cartUpdate' }),
          ],
        };
        // the next change; else the coupon asked for, with the cart; else done
        return rest.length
          ? changing(after)
          : after.couponId !== null
            ? fetching({ ...after, phase: 'loading', error: null })
            : { ...after, phase: 'idle' };
      }
      const after: CartState = {
        ...s,
        queue: rest,
        heard: [
          ...s.heard,
          heard('toast', { type: 'toast.show', kind: 'error', message: reason(CHANGE_FAILED) }),
        ],
      };
      return rest.length
        ? changing(after)
        : after.couponId !== null || after.cart === null
          ? fetching({ ...after, phase: 'loading', error: null })
          : { ...after, phase: 'idle' };
    }
    return s;
  };

  const steps = (s: CartState): SpecStep[] => {
    const staleOnes: SpecStep[] = Object.entries(s.stale)
      .filter(([, n]) => n > 0)
      .map(([effect]) => ({ settle: effect, output: effect === 'fetchCoupons' ? COUPONS : CART }));
    if (!s.signedIn)
      return [
        ...staleOnes,
        add(5),
        send('cart.load'),
        send('session.member', { token: 'a.b.c' }),
        send('cart.clear'),
      ];
    const own = EFFECT[s.phase];
    const answers: SpecStep[] = [];
    if (own && !s.stale[own]) {
      if (own === 'fetchCart')
        answers.push({ settle: own, output: CART }, { settle: own, output: CART_SPENT });
      else answers.push({ settle: own, output: changed(s.cart, s.queue[0]!) });
      answers.push({ fail: own, error: WITH_REASON }, { fail: own, error: NO_REASON });
    }
    if (s.coupons === 'loading' && !s.stale.fetchCoupons)
      answers.push({ settle: 'fetchCoupons', output: COUPONS }, { fail: 'fetchCoupons', error: NO_REASON });
    const events: SpecStep[] = [add(5), remove(3), send('cart.open')];
    if (s.phase === 'idle')
      events.push(
        remove(5),
        send('cart.reload'),
        send('cart.clear'),
        send('session.visitor'),
        send('cart.load'),
      );
    if (s.phase === 'failed') events.push(send('cart.retry'), send('cart.reload'));
    if (s.phase !== 'failed') events.push(apply(7), apply(9), send('cart.clearCoupon'));
    events.push(send('cart.checkedOut'));
    if (s.coupons === 'failed') events.push(send('cart.couponsRetry'));
    return [...staleOnes, ...answers, ...events];
  };

  return {
    name: 'cart',
    spec: 'requirements §1, §2 (header cart), §6, docs/decisions/004-commerce.md (cart calls)',
    initial: INITIAL,
    steps,
    next,
    expect: (s) => ({
      status: !s.signedIn
        ? 'loading'
        : s.phase === 'failed'
          ? 'error'
          : s.phase === 'loading'
            ? 'loading'
            : 'ready',
      updating: s.signedIn && (s.phase === 'loading' || s.phase === 'changing'),
      cart: s.cart,
      error: s.error,
      coupons: s.couponList,
      couponId: s.couponId,
      couponsError: s.couponsError,
      couponsStatus:
        s.signedIn && s.coupons === 'loading'
          ? 'loading'
          : s.signedIn && s.coupons === 'failed'
            ? 'failed'
            : 'loaded',
      inCart: [3, 5].filter((id) => inCart(s, id)),
      pending: [3, 5].map((id) => s.queue.find((c) => c.promptId === id)?.op ?? null),
      heard: s.heard,
    }),
    calls: (_before, _step, after) => after.started,
    key: (s) => JSON.stringify({ ...s, started: undefined }),
    label: (s) =>
      !s.signedIn
        ? `signed out${s.heard.length ? ` heard ${s.heard.length}` : ''}`
        : `${s.phase} [${s.cart ? s.cart.items.map((i) => i.promptId).join(',') : '-'}${
            s.cart && s.cart.balance !== 100 ? ` ${s.cart.balance}` : ''
          }]${s.queue.length ? ` queue ${s.queue.map((c) => `${c.op} ${c.promptId}`).join(', ')}` : ''}${
            s.couponId !== null ? ` coupon ${s.couponId}` : ''
          } coupons ${s.coupons}${s.error ? ` "${s.error}"` : ''}${s.couponsError ? ` "${s.couponsError}"` : ''}${
            s.heard.length ? ` heard ${s.heard.length}` : ''
          }${Object.values(s.stale).some(Boolean) ? ` stale ${JSON.stringify(s.stale)}` : ''}`,
    maxDepth: 4,
  };
};

/** A path from the start through these steps, each state as the model says. */
export function pathOf(model: SpecModel<CartState>, title: string, steps: SpecStep[]): SpecPath<CartState> {
  let state = model.initial;
  return {
    title,
    steps: steps.map((step) => {
      state = model.next(state, step);
      return { step, state };
    }),
  };
}

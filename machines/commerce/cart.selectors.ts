import type { SnapshotFrom } from 'xstate';
import { isInCart, pendingChange } from '../../domain/commerce.ts';
import type { cartMachine } from './cart.ts';

type Snapshot = SnapshotFrom<typeof cartMachine>;

/** What the cart page shows: its skeleton, the cart, or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading';
/** The cart is being fetched or changed: the page is busy and "Check out" waits. */
export const updating = (s: Snapshot): boolean => s.hasTag('changing') || s.hasTag('loading');
/** The cart as the server priced it last, or null before the first answer. */
export const cart = (s: Snapshot) => s.context.cart;
/** Why the cart could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The member's valid coupons, for the coupon picker. */
export const coupons = (s: Snapshot) => s.context.coupons;
/** The coupon picked, or null for "No coupon". */
export const couponId = (s: Snapshot) => s.context.couponId;
/** Why the coupons could not be loaded. */
export const couponsError = (s: Snapshot) => s.context.couponsError;
/** What the coupon picker says under it: coupons loading, failed (with "Reload coupons"), or loaded. */
export const couponsStatus = (s: Snapshot): 'loading' | 'failed' | 'loaded' =>
  s.hasTag('couponsLoading') ? 'loading' : s.hasTag('couponsFailed') ? 'failed' : 'loaded';
/** A prompt's "In cart" (a factory: one selector per prompt). */
export const inCartOf = (promptId: number) => (s: Snapshot) => isInCart(s.context, promptId);
/** A prompt's change on its way to the server (its button is busy), or null (a factory). */
export const pendingChangeOf = (promptId: number) => (s: Snapshot) => pendingChange(s.context, promptId);

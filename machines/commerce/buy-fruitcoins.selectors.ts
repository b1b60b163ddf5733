import type { SnapshotFrom } from 'xstate';
import type { buyFruitCoinsMachine } from './buy-fruitcoins.ts';

type Snapshot = SnapshotFrom<typeof buyFruitCoinsMachine>;

/** What Buy FruitCoins shows: its skeleton, the packs, or why they could not be loaded. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('ready') ? 'ready' : s.hasTag('error') ? 'error' : 'loading';
/** Why the packs could not be loaded, or the payment could not be checked. */
export const error = (s: Snapshot) => s.context.error;
export const packs = (s: Snapshot) => s.context.packs;
/** The balance the server last said; null before it did. */
export const balance = (s: Snapshot) => s.context.balance;
/** Something is under way (buying, on the way to the payment page, checking a payment): "Buy" waits. */
export const busy = (s: Snapshot) => s.hasTag('busy');
/** This pack's "Buy" is under way: its button says so. */
export const buyingPack = (packId: string) => (s: Snapshot) =>
  s.hasTag('buying') && s.context.packId === packId;

/** A purchase that did not reach the payment page (it may be tried again, or was refused), or on its way. */
export const purchase = (s: Snapshot): 'retryable' | 'refused' | 'redirecting' | null =>
  s.hasTag('buyRetryable')
    ? 'retryable'
    : s.hasTag('buyRefused')
      ? 'refused'
      : s.hasTag('redirecting')
        ? 'redirecting'
        : null;
/** Why the purchase failed. */
export const buyError = (s: Snapshot) => s.context.buyError;
/** The payment page of the top-up under way, to continue there by hand. */
export const paymentUrl = (s: Snapshot) => s.context.topup?.paymentUrl ?? null;

const RESULTS = ['confirming', 'confirmFailed', 'added', 'cancelled', 'unpaid'] as const;
/** How the payment the page returned with ended (or that it is being checked), above the packs. */
export const paymentResult = (s: Snapshot): (typeof RESULTS)[number] | null =>
  RESULTS.find((tag) => s.hasTag(tag)) ?? null;
/** The top-up the last purchase or confirmation answered. */
export const topup = (s: Snapshot) => s.context.topup;

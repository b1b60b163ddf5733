import type { SnapshotFrom } from 'xstate';
import { chosenOffer, type exchangeMachine } from './exchange.ts';

type Snapshot = SnapshotFrom<typeof exchangeMachine>;

/** What Exchange Fruit Coins shows: its skeleton, the offers, or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('ready') ? 'ready' : s.hasTag('error') ? 'error' : 'loading';
/** Why the offers could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
export const offers = (s: Snapshot) => s.context.offers;
/** The member's FruitCoin balance, as the server last said. */
export const balance = (s: Snapshot) => s.context.balance;
/** The exchange dialog is open: confirming, exchanging, failed or refused. */
export const dialogOpen = (s: Snapshot) => s.hasTag('dialog');
/** The exchange is under way: the dialog's buttons wait. */
export const exchanging = (s: Snapshot) => s.hasTag('busy');
/** The offer being confirmed or exchanged. */
export const offer = (s: Snapshot) => chosenOffer(s.context);
/** The new coupon is shown above the offers. */
export const showsNewCoupon = (s: Snapshot) => s.hasTag('newCoupon');
/** The coupon the last exchange gave. */
export const received = (s: Snapshot) => s.context.received;
/** The exchange failed: the dialog says why and offers to try again (the same request). */
export const exchangeFailed = (s: Snapshot) => s.hasTag('exchangeFailed');
export const exchangeError = (s: Snapshot) => s.context.exchangeError;
/** The server refused for want of FruitCoins: the "Not enough FruitCoins" dialog. */
export const showsNotEnough = (s: Snapshot) => s.hasTag('notEnough');
/** The server's words when it refused. */
export const notEnough = (s: Snapshot) => s.context.notEnough;

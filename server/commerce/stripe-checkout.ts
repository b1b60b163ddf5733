// Stripe Checkout Sessions for our orders and FruitCoin packs (issue 38). The line items, amount and
// currency come from the database (what checkout priced), never from the client; the session names the order
// or top-up (client_reference_id, metadata) and returns to the paid page
// (/paiddetail-{orderId}-{CHECKOUT_SESSION_ID}.html) or the pending page. One idempotency key per order and
// attempt, so a retried create answers the same session. The call is made outside any transaction (an
// HTTP call holds no row lock); the session then becomes the order's current payment session.
import type Stripe from 'stripe';
import type { Db } from '../db/index.ts';
import { fruitCoins } from './commerce-common.ts';

export interface StripeCheckout {
  db: Db;
  stripe: Stripe;
  /** This server's public origin: the return URLs' origin, and stripped from a stand-in page's URL. */
  publicOrigin: string;
}

export type CheckoutTarget = { kind: 'order'; id: number } | { kind: 'topup'; id: number };

const CURRENCY = 'usd';

/** What the session sells, from the database: one line per premium prompt, or the pack. */
async function linesOf(
  db: Db,
  target: CheckoutTarget,
): Promise<{ lines: { name: string; cents: number }[]; attempt: number } | null> {
  if (target.kind === 'topup') {
    const t = await db.maybeOne<{ title: string; coins: number; amount_cents: number }>(
      `SELECT title, coins, amount_cents FROM fruit_topups WHERE id = $1 AND status = 'pending'`,
      [target.id],
    );
    if (t === null) return null;
    return {
      lines: [{ name: `${t.title} pack: ${fruitCoins(t.coins)}`, cents: t.amount_cents }],
      attempt: 0,
    };
  }
  const o = await db.maybeOne<{ total_cents: number; discount_cents: number; attempts: number }>(
    `SELECT total_cents, discount_cents,
            (SELECT count(*)::integer FROM payment_sessions s WHERE s.order_id = o.id) AS attempts
     FROM orders o WHERE id = $1 AND status = 'pending'`,
    [target.id],
  );
  if (o === null || o.total_cents <= 0) return null;
  const items = await db.query<{ title: string; price_cents: number }>(
    'SELECT title, price_cents FROM order_items WHERE order_id = $1 AND grade = 2 ORDER BY title, prompt_id',
    [target.id],
  );
  // Stripe takes no negative lines: with a coupon, the order is one line of its total
  const lines =
    o.discount_cents > 0
      ? [{ name: `Order #${target.id}: ${items.map((i) => i.title).join(', ')}`, cents: o.total_cents }]
      : items.map((i) => ({ name: i.title, cents: i.price_cents }));
  return { lines, attempt: o.attempts };
}

const returnUrls = (origin: string, target: CheckoutTarget) =>
  target.kind === 'order'
    ? {
        success_url: `${origin}/paiddetail-${target.id}-{CHECKOUT_SESSION_ID}.html`,
        cancel_url: `${origin}/pendingdetail-${target.id}.html`,
      }
    : {
        success_url: `${origin}/buy-fruitcoins?payment={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/buy-fruitcoins`,
      };

/** Creates the Stripe Checkout Session of a pending order or top-up; null when there is nothing to pay. */
export async function createStripeSession(
  { db, stripe, publicOrigin }: StripeCheckout,
  target: CheckoutTarget,
): Promise<Stripe.Checkout.Session | null> {
  const found = await linesOf(db, target);
  if (found === null) return null;
  const reference = `${target.kind}-${target.id}`;
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: found.lines.map((l) => ({
        quantity: 1,
        price_data: { currency: CURRENCY, unit_amount: l.cents, product_data: { name: l.name } },
      })),
      client_reference_id: reference,
      metadata: { [target.kind === 'order' ? 'orderId' : 'topupId']: String(target.id) },
      ...returnUrls(publicOrigin, target),
    },
    { idempotencyKey: `${reference}-attempt-${found.attempt}` },
  );
}

/** The URL to send the buyer to: a same-origin path when it is this server's own stand-in page. */
export const pageUrlOf = (publicOrigin: string, url: string | null): string | null =>
  url !== null && url.startsWith(`${publicOrigin}/`) ? url.slice(publicOrigin.length) : url;

/**
 * Opens a Stripe Checkout Session for a pending order and makes it the order's current payment session
 * (id and hosted page kept in payment_sessions). Null when the order is not pending or has nothing to pay.
 */
export async function openStripeSession(
  c: StripeCheckout,
  target: { kind: 'order'; id: number },
): Promise<{ id: string; url: string | null } | null> {
  const session = await createStripeSession(c, target);
  if (session === null) return null;
  const url = pageUrlOf(c.publicOrigin, session.url);
  await c.db.tx(async (q) => {
    await q.query(
      `INSERT INTO payment_sessions (id, order_id, amount_cents, url) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING`,
      [session.id, target.id, session.amount_total ?? 0, url],
    );
    await q.query(
      `UPDATE payment_sessions SET status = 'cancelled', cancelled_at = now()
       WHERE order_id = $1 AND id <> $2 AND status = 'open'`,
      [target.id, session.id],
    );
    await q.query(
      `UPDATE orders SET payment_session_id = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [target.id, session.id],
    );
  });
  return { id: session.id, url };
}

/** Asks Stripe whether this session is paid (the paid page's confirm: the redirect may beat the webhook). */
export async function paidAtStripe(stripe: Stripe, sessionId: string): Promise<boolean> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  } catch {
    return false; // unknown at Stripe, or Stripe unreachable: the webhook will tell
  }
}

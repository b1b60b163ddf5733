// POST /api/payments/stripe/webhook (issue 38): the only way Stripe's word reaches the orders. The raw body
// is verified against the Stripe-Signature header with the webhook secret (stripe.webhooks.constructEvent);
// each event id is recorded once, in the transaction that acts on it, so a replayed or concurrent delivery
// changes nothing. A paid Checkout Session settles its order or credits its top-up through the same code as
// every other payment (payment-sessions.ts, topups.ts, settlement.ts); a failed or expired one closes the
// session (the order stays pending, to pay again or cancel; a top-up is cancelled).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../db/index.ts';
import { Type } from 'typebox';
import { ApiError, EnvelopeSchema, ok } from '../http/envelope.ts';
import { lockUsers } from './ledger.ts';
import { cancelSessionLocked, paySessionLocked } from './payment-sessions.ts';
import { partiesOf } from './settlement.ts';
import { cancelTopUpSessionLocked, payTopUpSessionLocked } from './topups.ts';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';
const BODY_LIMIT = 256 * 1024;

type Action = 'pay' | 'close';

/** What an event asks of its Checkout Session; null: nothing (another event, or not paid yet). */
function actionOf(event: Stripe.Event): Action | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const status = event.data.object.payment_status;
      return status === 'paid' || status === 'no_payment_required' ? 'pay' : null;
    }
    case 'checkout.session.async_payment_succeeded':
      return 'pay';
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return 'close';
    default:
      return null;
  }
}

/** Records the event and does what it asks, once; an event seen before changes nothing. */
export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<void> {
  const object = event.data.object as { object?: string; id?: unknown };
  const sessionId = object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null;
  const target =
    sessionId === null
      ? null
      : await db.maybeOne<{ order_id: number | null; user_id: string }>(
          `SELECT s.order_id, COALESCE(o.user_id, t.user_id) AS user_id
           FROM payment_sessions s LEFT JOIN orders o ON o.id = s.order_id
             LEFT JOIN fruit_topups t ON t.id = s.topup_id
           WHERE s.id = $1`,
          [sessionId],
        );
  const parties =
    target === null ? [] : target.order_id === null ? [target.user_id] : await partiesOf(db, target.order_id);
  const action = actionOf(event);
  await db.tx(async (q) => {
    if (parties.length > 0) await lockUsers(q, parties);
    const fresh = await q.maybeOne(
      `INSERT INTO stripe_events (id, type, session_id) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, sessionId],
    );
    if (fresh === null || action === null || target === null || sessionId === null) return;
    if (target.order_id !== null) {
      await (action === 'pay' ? paySessionLocked(q, sessionId) : cancelSessionLocked(q, sessionId));
    } else {
      await (action === 'pay' ? payTopUpSessionLocked(q, sessionId) : cancelTopUpSessionLocked(q, sessionId));
    }
  });
}

export async function stripeWebhookRoutes(
  fastify: FastifyInstance,
  { db, stripe, webhookSecret }: { db: Db; stripe: Stripe; webhookSecret: string },
): Promise<void> {
  // Only this route reads its body as raw bytes (the signature is over them); every other keeps JSON.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  fastify.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, 'The event is too large.');
    throw error;
  });
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    STRIPE_WEBHOOK_PATH,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary:
          "Stripe's webhook: Checkout Session events signed with the webhook secret (Stripe-Signature). " +
          'Each event acts once; 400 a missing or wrong signature',
        response: { 200: EnvelopeSchema(Type.Object({ received: Type.Boolean() })) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new ApiError(400, 'Missing the Stripe-Signature header.');
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, webhookSecret);
      } catch {
        throw new ApiError(400, 'The Stripe signature does not match this event: nothing was changed.');
      }
      await applyStripeEvent(db, event);
      return ok({ received: true });
    },
  );
}

// The buying side's calls under /api/my/ (docs/decisions/004-commerce.md): cart, checkout, orders, the
// FruitCoin ledger, coupons and the FruitCoin exchange. Each acts only on the token's user; another member's
// order, coupon or cart line answers 404 whatever id is sent. Prices, totals, coupon validity and access
// are the server's: a checkout body carries ids only.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { cartRoutes } from './cart-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { paymentPageOf } from './payments.ts';
import { stripeOf } from './stripe-provider.ts';
import { typed, type CommerceContext } from './route-context.ts';
import type { Commerce } from './commerce-common.ts';
import { walletRoutes } from './wallet-routes.ts';

export interface CommerceOptions {
  db: Db;
  config: Pick<Config, 'devStandIns' | 'stripe' | 'publicOrigin'>;
}

/** The buying side's context: the payment page, and Stripe when configured (or its stand-in). */
export function commerceOf(db: Db, config: CommerceOptions['config'], fastify: FastifyInstance): Commerce {
  const stripe = stripeOf(config, fastify);
  const payments = paymentPageOf(config);
  return {
    db,
    payments,
    stripe,
    stripeSessions:
      payments?.kind === 'stripe' && stripe !== null
        ? { db, stripe, publicOrigin: config.publicOrigin }
        : null,
  };
}

export async function commerceRoutes(
  fastify: FastifyInstance,
  { db, config }: CommerceOptions,
): Promise<void> {
  const context: CommerceContext = {
    app: typed(fastify),
    db,
    c: commerceOf(db, config, fastify),
    signedIn: { onRequest: fastify.requireUser },
  };
  await cartRoutes(context);
  await orderRoutes(context);
  await walletRoutes(context);
}

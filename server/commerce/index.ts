// The buying side (docs/decisions/004-commerce.md): the /api/my/ calls (Buy FruitCoins too), and the
// development payment page when the development stand-ins are on (requirements §C4).
import type { FastifyInstance } from 'fastify';
import { devPayRoutes } from './dev-pay.ts';
import { commerceRoutes, type CommerceOptions } from './routes.ts';
import { standInApiRoutes } from './stripe-stand-in/api.ts';
import { standInPageRoutes } from './stripe-stand-in/page.ts';
import { stripeClient, stripeSettingsOf } from './stripe-provider.ts';
import { stripeWebhookRoutes } from './stripe-webhook.ts';
import { topupRoutes } from './topup-routes.ts';

export async function commercePlugin(fastify: FastifyInstance, options: CommerceOptions): Promise<void> {
  await fastify.register(commerceRoutes, options);
  await fastify.register(topupRoutes, options);
  if (options.config.devStandIns) await fastify.register(devPayRoutes, { db: options.db });
  const stripe = stripeSettingsOf(options.config);
  if (options.config.devStandIns && stripe !== null) {
    await fastify.register(standInApiRoutes, {
      db: options.db,
      secretKey: stripe.secretKey,
      publicOrigin: options.config.publicOrigin,
    });
  }
  if (options.config.devStandIns && stripe !== null) {
    await fastify.register(standInPageRoutes, {
      db: options.db,
      webhookSecret: stripe.webhookSecret,
      publicOrigin: options.config.publicOrigin,
    });
  }
  if (stripe !== null) {
    await fastify.register(stripeWebhookRoutes, {
      db: options.db,
      stripe: stripeClient(stripe, fastify),
      webhookSecret: stripe.webhookSecret,
    });
  }
}

// The sign-in calls (requirements §7 and ours): email login, registration, verification mails and links, the
// account, logout, guest login, and the social (Google) authorization-code flow with its development
// stand-in. Every answer is an envelope; the texts are the product's (requirements §5, §8).
import type { FastifyInstance } from 'fastify';
import { devIdpRoutes } from './dev-idp.ts';
import { emailRoutes } from './email-routes.ts';
import { registerRateLimit } from './rate-limits.ts';
import { authContext, type AuthRoutesOptions } from './route-context.ts';
import { sessionRoutes } from './session-routes.ts';
import { verificationRoutes } from './verification-routes.ts';
import { socialRoutes } from './social-routes.ts';

export type { AuthRoutesOptions } from './route-context.ts';

export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  await registerRateLimit(fastify);
  const context = authContext(fastify, opts);
  const { app, db, devIdp, limits } = context;
  if (devIdp) await app.register(devIdpRoutes, { db, limit: limits.socialPerIp });
  await emailRoutes(context);
  await verificationRoutes(context);
  await sessionRoutes(context);
  await socialRoutes(context);
}

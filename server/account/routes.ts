// The account area's calls (docs/decisions/005-account.md), one file a part: messages, Customer Support,
// profile and avatars, settings (notifications, password, signing out everywhere, deleting the account).
// Every /api/my/ call checks the token before anything else (onRequest) and acts only on the token's user:
// another member's message id answers 404 and changes nothing.
import type { FastifyInstance } from 'fastify';
import { registerRateLimit } from '../auth/rate-limits.ts';
import { messagesRoutes } from './messages-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { accountContext, type AccountOptions } from './route-context.ts';
import { settingsRoutes } from './settings-routes.ts';
import { supportRoutes } from './support-routes.ts';

export type { AccountOptions } from './route-context.ts';

export async function accountRoutes(fastify: FastifyInstance, options: AccountOptions): Promise<void> {
  await registerRateLimit(fastify);
  const context = accountContext(fastify, options);
  await messagesRoutes(context);
  await supportRoutes(context);
  await profileRoutes(context);
  await settingsRoutes(context);
}

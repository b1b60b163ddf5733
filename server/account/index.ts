// The account area (docs/decisions/005-account.md): messages, Customer Support, profile and avatars,
// settings, password, signing out everywhere and deleting the account; with the development stand-ins
// also the staff's answer to a support request (POST /api/dev/support/:id/reply).
import type { FastifyInstance } from 'fastify';
import { accountRoutes, type AccountOptions } from './routes.ts';

export type { AccountOptions } from './routes.ts';
export type { AccountRateLimits } from './rate-limits.ts';

export async function accountPlugin(fastify: FastifyInstance, options: AccountOptions): Promise<void> {
  await fastify.register(accountRoutes, options);
}

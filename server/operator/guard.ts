// The operator API's door (docs/decisions/012-operator-api.md): every /api/operator/ route runs this
// preHandler. OPERATOR_TOKEN unset → 403 (the API is off); a missing or wrong X-Operator-Token → 401, after
// a constant-time comparison of both sides' SHA-256 digests; wrong tokens are counted per client IP in the
// shared rate-limit store (every process on one PostgreSQL counts the same failures), and once a client has
// used up its failures every call from it answers 429 until the window ends, right token or not.
//
// Use, in a plugin (an encapsulated context), preferably as onRequest, so that a caller without the token
// is refused before its body is read or validated (a preHandler works too, after validation):
//   await registerRateLimit(fastify);                       // server/auth/rate-limits.ts
//   fastify.addHook('onRequest', operatorGuard(config, fastify));
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooMany, type Limit } from '../auth/rate-limits.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../http/envelope.ts';

export const OPERATOR_HEADER = 'x-operator-token';

export const OPERATOR_MESSAGES = {
  off: 'The operator API is off: set OPERATOR_TOKEN on the server',
  token: 'Missing or wrong operator token: send the server\u2019s OPERATOR_TOKEN in X-Operator-Token',
  tooMany: 'Too many wrong operator tokens from this address. Please wait and try again.',
} as const;

/** Wrong tokens one client IP may send before it is refused (429) for the rest of the window. */
export const DEFAULT_OPERATOR_FAILURES: Limit = { max: 10, windowMs: 15 * 60_000 };

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether `given` is the operator token, in time independent of where they differ and of their lengths
 * (both are hashed to 32 bytes first, so timingSafeEqual never sees buffers of different lengths).
 */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  return timingSafeEqual(digest(expected), digest(given ?? ''));
}

const headerToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[OPERATOR_HEADER];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The onRequest (or preHandler) hook of the operator routes. `app` is the plugin's context, in which @fastify/rate-limit is
 * registered (registerRateLimit) so the failures are counted in the app's shared store.
 */
export function operatorGuard(
  config: Pick<Config, 'operatorToken'>,
  app: FastifyInstance,
  failures: Limit = DEFAULT_OPERATOR_FAILURES,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  if (!app.hasDecorator('createRateLimit')) {
    throw new Error('operatorGuard: register @fastify/rate-limit (registerRateLimit) in this context first');
  }
  const expected = config.operatorToken ?? null;
  const limiter = app.createRateLimit({
    max: failures.max,
    timeWindow: failures.windowMs,
    keyGenerator: (request) => `operator-failures:${request.ip}`,
  });
  const refuse = (reply: FastifyReply, ttlInSeconds: number): ApiError => {
    const seconds = Math.max(1, ttlInSeconds);
    reply.header('retry-after', String(seconds));
    return tooMany(OPERATOR_MESSAGES.tooMany, seconds);
  };
  return async (request, reply) => {
    if (expected === null) throw new ApiError(403, OPERATOR_MESSAGES.off);
    const state = await limiter(request, { increment: false });
    if (!state.isAllowed && state.remaining <= 0) throw refuse(reply, state.ttlInSeconds);
    if (tokenMatches(expected, headerToken(request))) return;
    await limiter(request);
    throw new ApiError(401, OPERATOR_MESSAGES.token);
  };
}

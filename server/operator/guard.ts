// The operator API's door (docs/decisions/012-operator-api.md): every /api/operator/ route runs this
// preHandler. OPERATOR_TOKEN unset → 403 (the API is off); a missing or wrong X-Operator-Token → 401, after
// a constant-time comparison of both sides' SHA-256 digests. Wrong tokens are counted in the shared
// rate-limit store (every process on one PostgreSQL counts the same failures) per client IP and across all
// of them; once either count is past its limit a wrong token answers 429 (Retry-After) instead of 401, so a
// guesser spread over many addresses is told to wait too. The token is checked first: the right token is
// never refused for anyone's wrong guesses (issue 37).
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
  tooMany: 'Too many wrong operator tokens. Please wait and try again.',
} as const;

/** Wrong tokens one client IP may send before its wrong tokens answer 429 for the rest of the window. */
export const DEFAULT_OPERATOR_FAILURES: Limit = { max: 10, windowMs: 15 * 60_000 };
/** Wrong tokens all clients together may send before every wrong token answers 429 for the window. */
export const DEFAULT_OPERATOR_FAILURES_ALL: Limit = { max: 50, windowMs: 15 * 60_000 };

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
  allFailures: Limit = DEFAULT_OPERATOR_FAILURES_ALL,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  if (!app.hasDecorator('createRateLimit')) {
    throw new Error('operatorGuard: register @fastify/rate-limit (registerRateLimit) in this context first');
  }
  const expected = config.operatorToken ?? null;
  const limiter = (limit: Limit, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: key });
  const perIp = limiter(failures, (request) => `operator-failures:${request.ip}`);
  const everyone = limiter(allFailures, () => 'operator-failures-all');
  return async (request, reply) => {
    if (expected === null) throw new ApiError(403, OPERATOR_MESSAGES.off);
    if (tokenMatches(expected, headerToken(request))) return;
    const own = await perIp(request);
    const all = await everyone(request);
    const over = [own, all].flatMap((state) => (!state.isAllowed && state.isExceeded ? [state] : []));
    if (over.length > 0) {
      const seconds = Math.max(1, ...over.map((state) => state.ttlInSeconds));
      reply.header('retry-after', String(seconds));
      throw tooMany(OPERATOR_MESSAGES.tooMany, seconds);
    }
    throw new ApiError(401, OPERATOR_MESSAGES.token);
  };
}

// Rate limits of the account area (@fastify/rate-limit, counted in the database like server/auth's): support
// requests per client IP, per account and per address (each sends a mail), password changes per client IP
// and failed ones per account, avatar encodings per account. The numbers are buildApp options
// (`account.rateLimits`) so tests can lower them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooMany, type Limit } from '../auth/rate-limits.ts';

export interface AccountRateLimits {
  supportPerIp: Limit;
  supportPerAccount: Limit;
  /** Confirmation mails to one address (a visitor's request names any address). */
  supportPerEmail: Limit;
  /** Every password change attempt from one client. */
  passwordPerIp: Limit;
  /** Wrong current passwords for one account. */
  passwordFailuresPerAccount: Limit;
  /** Avatar uploads and generated avatars of one account (each is an image encoding). */
  avatarPerAccount: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  supportPerIp: { max: 5, windowMs: HOUR },
  supportPerAccount: { max: 5, windowMs: HOUR },
  supportPerEmail: { max: 5, windowMs: HOUR },
  passwordPerIp: { max: 60, windowMs: 10 * MINUTE },
  passwordFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  avatarPerAccount: { max: 30, windowMs: HOUR },
};

export const ACCOUNT_RATE_LIMIT_MESSAGES = {
  support: 'You have sent several requests in a short time. Please wait an hour before sending another one.',
  password: 'Too many password change attempts. Please wait a few minutes and try again.',
  avatar: 'You have changed your avatar many times in a short time. Please try again later.',
} as const;

export interface KeyedLimiter {
  /** Counts one request for the key; throws the 429 (Retry-After set) when it is over the limit. */
  hit(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>;
  /** Throws the 429 when the key has no requests left, without counting one. */
  check(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>;
  /** Counts one request for the key, never refusing (a failed attempt). */
  count(request: FastifyRequest, key: string): Promise<void>;
}

/** A limit on a key the handler chooses (the client IP, the account, an address). */
export function keyedLimiter(app: FastifyInstance, name: string, limit: Limit, msg: string): KeyedLimiter {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
  });
  const run = async (request: FastifyRequest, key: string, increment: boolean) => {
    keys.set(request, key);
    try {
      return await limiter(request, { increment });
    } finally {
      keys.delete(request);
    }
  };
  const refuse = (reply: FastifyReply, ttlInSeconds: number) => {
    const seconds = Math.max(1, ttlInSeconds);
    reply.header('retry-after', String(seconds));
    return tooMany(msg, seconds);
  };
  return {
    async hit(request, reply, key) {
      const state = await run(request, key, true);
      if (!state.isAllowed && state.isExceeded) throw refuse(reply, state.ttlInSeconds);
    },
    async check(request, reply, key) {
      const state = await run(request, key, false);
      if (!state.isAllowed && state.remaining <= 0) throw refuse(reply, state.ttlInSeconds);
    },
    async count(request, key) {
      await run(request, key, true);
    },
  };
}

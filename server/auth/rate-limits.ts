// Rate limits of the sign-in calls (@fastify/rate-limit): per client IP on every call, and per email address
// on registration and verification mails. Failed logins are throttled without locking the owner out
// (loginThrottle): per (account, client address), and per account from anywhere with a growing wait. The counters are kept in the database
// (server/http/rate-store.ts, the app's `rateStore`), so every process on one PostgreSQL counts the same
// requests. The numbers are options of buildApp (`auth.rateLimits`) so tests can lower or raise them; the
// defaults are generous enough for people and for the end-to-end tests, and tight enough to stop scripted
// guessing.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope.ts';
import { RateStore } from '../http/rate-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate-limit counters shared through the database (buildApp decorates it). */
    rateStore: RateStore;
  }
}

export interface Limit {
  max: number;
  windowMs: number;
}

export interface AuthRateLimits {
  /** Every login attempt from one client. */
  loginPerIp: Limit;
  /**
   * Failed logins for one account from one client address: past it, that address is locked out of that
   * account (the right password too) until the window ends. Nobody else is.
   */
  loginFailuresPerEmailAndIp: Limit;
  /**
   * Failed logins for one account from anywhere: past it, each further wrong password answers 429 and its
   * address waits before its next attempt at the account is checked (loginThrottle). The password is
   * checked first: the right one from any other address still signs in.
   */
  loginFailuresPerEmail: Limit;
  registerPerIp: Limit;
  registerPerEmail: Limit;
  resendPerIp: Limit;
  /** Verification mails to one address (the registration's mail counts): one a minute... */
  mailPerEmailMinute: Limit;
  /** ...and a few an hour. */
  mailPerEmailHour: Limit;
  guestPerIp: Limit;
  /** authorize, exchange and the development identity provider. */
  socialPerIp: Limit;
  verifyPerIp: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { max: 60, windowMs: 10 * MINUTE },
  loginFailuresPerEmailAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerEmail: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 20, windowMs: HOUR },
  registerPerEmail: { max: 5, windowMs: HOUR },
  resendPerIp: { max: 30, windowMs: HOUR },
  mailPerEmailMinute: { max: 1, windowMs: MINUTE },
  mailPerEmailHour: { max: 5, windowMs: HOUR },
  guestPerIp: { max: 20, windowMs: HOUR },
  socialPerIp: { max: 120, windowMs: 10 * MINUTE },
  verifyPerIp: { max: 60, windowMs: 10 * MINUTE },
};

export const RATE_LIMIT_MESSAGES = {
  login: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  register: 'Too many sign-up attempts. Please try again later.',
  mailMinute: 'Please wait a minute before asking for another email.',
  mailHour: 'Too many emails were sent to this address. Please try again in an hour.',
  resend: 'Too many emails were requested. Please try again later.',
  guest: 'Too many guest sign-ins from your network. Please try again later.',
  social: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  verify: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** The 429 envelope, with the seconds to wait in extend.retryAfter (also the Retry-After header). */
export const tooMany = (msg: string, retryAfterSeconds: number): ApiError =>
  new ApiError(429, msg, { retryAfter: Math.max(1, retryAfterSeconds) });

/**
 * Registers the plugin in this (encapsulated) context, counting in the app's shared store (in memory, per
 * process, only where no store was decorated: a plugin registered on its own); routes opt in with
 * `perIp(...)`.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const store = app.hasDecorator('rateStore') ? app.rateStore.storeClass() : undefined;
  await app.register(rateLimit, { global: false, ...(store ? { store } : {}) });
}

/** Route config of a per-client-IP limit, checked before the body is read. */
export const perIp = (limit: Limit, msg: string) => ({
  rateLimit: {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      tooMany(msg, Math.ceil(context.ttl / 1000)),
  },
});

/** The normalised address of a JSON body's `email`, the key of the per-address limits. */
const emailKey = (request: FastifyRequest): string => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

export interface AddressLimiter {
  /** Counts one request for the body's address; throws the 429 (Retry-After set) when it is over the limit. */
  hit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one request for the body's address, never refusing (a failed login, a mail sent). */
  count(request: FastifyRequest): Promise<void>;
}

/** A per-address limit (the key is the request body's email), checked inside the handler. */
export function perAddress(app: FastifyInstance, name: string, limit: Limit, msg: string): AddressLimiter {
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${emailKey(request)}`,
  });
  const refuse = (reply: FastifyReply, ttlInSeconds: number): ApiError => {
    const seconds = Math.max(1, ttlInSeconds);
    reply.header('retry-after', String(seconds));
    return tooMany(msg, seconds);
  };
  return {
    async hit(request, reply) {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) throw refuse(reply, state.ttlInSeconds);
    },
    async count(request) {
      await limiter(request);
    },
  };
}

/** The first wait of an address once an account has had its failures (it doubles with each one beyond). */
export const LOGIN_FIRST_WAIT_MS = 1000;

/**
 * How long the address of a wrong password waits before its next attempt at an account with `excess`
 * failures beyond the account's limit (1 for the first): a second, then doubling, up to the window.
 */
export const loginWaitMs = (excess: number, limit: Limit): number =>
  Math.min(limit.windowMs, LOGIN_FIRST_WAIT_MS * 2 ** Math.min(Math.max(0, excess - 1), 40));

export interface LoginThrottle {
  /**
   * Before the password is checked: 429 when this client address has used up its failures for the account,
   * or is still waiting after a wrong password at an account under attack. Only this address is refused.
   */
  before(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * After a wrong password: counts it for (account, address) and for the account. Past the account's limit,
   * throws the 429 with the wait this address now has; else returns (the caller answers 401).
   */
  failed(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * The throttle of password sign-in (issue 37): a guesser is slowed, the owner is not locked out by someone
 * else's guesses. Counted in the app's shared store, so every process on one database throttles alike.
 */
export function loginThrottle(
  app: FastifyInstance,
  limits: Pick<AuthRateLimits, 'loginFailuresPerEmailAndIp' | 'loginFailuresPerEmail'>,
): LoginThrottle {
  if (!app.hasDecorator('rateStore')) {
    throw new Error('loginThrottle: the app has no shared rateStore (buildApp decorates it)');
  }
  const store = app.rateStore;
  const own = limits.loginFailuresPerEmailAndIp;
  const all = limits.loginFailuresPerEmail;
  const ownKey = (request: FastifyRequest): string =>
    RateStore.keyOf('login-failures-from', own.windowMs, own.max, `${emailKey(request)} ${request.ip}`);
  const accountKey = (request: FastifyRequest): string =>
    RateStore.keyOf('login-failures', all.windowMs, all.max, emailKey(request));
  // a wait's length is its window, so its key carries no numbers
  const waitKey = (request: FastifyRequest): string =>
    RateStore.keyOf('login-wait', 0, 0, `${emailKey(request)} ${request.ip}`);
  const refuse = (reply: FastifyReply, ms: number): ApiError => {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    reply.header('retry-after', String(seconds));
    return tooMany(RATE_LIMIT_MESSAGES.login, seconds);
  };
  return {
    async before(request, reply) {
      const failures = await store.read(ownKey(request));
      if (failures.current >= own.max) throw refuse(reply, failures.ttl);
      const waiting = await store.read(waitKey(request));
      if (waiting.current > 0) throw refuse(reply, waiting.ttl);
    },
    async failed(request, reply) {
      await store.increment(ownKey(request), own.windowMs);
      const account = await store.increment(accountKey(request), all.windowMs);
      if (account.current <= all.max) return;
      const wait = loginWaitMs(account.current - all.max, all);
      await store.increment(waitKey(request), wait);
      throw refuse(reply, wait);
    },
  };
}

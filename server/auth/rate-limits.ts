// Rate limits of the sign-in calls (@fastify/rate-limit): per client IP on every call, and per email address
// on login (failed attempts), registration and verification mails. The counters are kept in the database
// (server/http/rate-store.ts, the app's `rateStore`), so every process on one PostgreSQL counts the same
// requests. The numbers are options of buildApp (`auth.rateLimits`) so tests can lower or raise them; the
// defaults are generous enough for people and for the end-to-end tests, and tight enough to stop scripted
// guessing.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope.ts';
import type { RateStore } from '../http/rate-store.ts';

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
  /** Failed login attempts for one address (from anywhere). */
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
  /** Throws the 429 when the address has no requests left, without counting one. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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
    async check(request, reply) {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw refuse(reply, state.ttlInSeconds);
    },
    async count(request) {
      await limiter(request);
    },
  };
}

// What the sign-in calls share: their options, the typed app, the limits, and the helpers of every part
// (checking an address, reading an encrypted password, sending a verification mail).
import { randomInt } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, validateEmail } from '../../domain/validation.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/envelope.ts';
import type { Mailer } from '../mail/index.ts';
import { verificationMail, verifyLink } from '../mail/templates.ts';
import { GoogleClient } from './google.ts';
import { createOneTimeToken } from './one-time-tokens.ts';
import { PasswordDecryptError, decryptPassword } from './password-crypto.ts';
import { hashPassword } from './passwords.ts';
import {
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_MESSAGES,
  loginThrottle,
  perAddress,
  type AuthRateLimits,
} from './rate-limits.ts';
import { VERIFY_TTL_HOURS, AUTH_MESSAGES } from './constants.ts';

export interface AuthRoutesOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  rateLimits?: Partial<AuthRateLimits>;
  /** Overrides of the Google client (tests: a token endpoint and key set of their own). */
  google?: Pick<ConstructorParameters<typeof GoogleClient>[0], 'fetch' | 'jwks'>;
}

export function authContext(fastify: FastifyInstance, opts: AuthRoutesOptions) {
  const { db, config, mailer } = opts;
  const limits: AuthRateLimits = { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits };
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const google =
    config.google === null ? null : new GoogleClient({ ...config.google, ...(opts.google ?? {}) });
  const devIdp = config.google === null && config.devStandIns && !config.production;

  const loginFailures = loginThrottle(app, limits);
  const registerPerEmail = perAddress(app, 'register', limits.registerPerEmail, RATE_LIMIT_MESSAGES.register);
  const mailMinute = perAddress(
    app,
    'mail-minute',
    limits.mailPerEmailMinute,
    RATE_LIMIT_MESSAGES.mailMinute,
  );
  const mailHour = perAddress(app, 'mail-hour', limits.mailPerEmailHour, RATE_LIMIT_MESSAGES.mailHour);

  // A real argon2id hash to verify against for unknown addresses, so they take as long as known ones.
  const dummyHash = hashPassword(`timing-dummy-${randomInt(1e9)}`);
  dummyHash.catch(() => undefined); // awaited (and rethrown) where it is used

  /** requirements §5 email rule: 400 when empty, 422 when malformed. */
  const checkEmail = (raw: string): string => {
    const email = raw.trim();
    const error = validateEmail(email) ?? (email.length > 254 ? MESSAGES.emailInvalid : undefined);
    if (error !== undefined) throw new ApiError(error === MESSAGES.emailRequired ? 400 : 422, error);
    return email;
  };

  const decrypt = (encrypted: string): string => {
    try {
      return decryptPassword(encrypted, config.passwordKey);
    } catch (error) {
      if (error instanceof PasswordDecryptError) throw new ApiError(400, AUTH_MESSAGES.undecryptable);
      throw error;
    }
  };

  const sendVerification = async (request: FastifyRequest, to: string, token: string): Promise<void> => {
    try {
      await mailer.send(verificationMail(to, verifyLink(config.publicOrigin, token), VERIFY_TTL_HOURS));
    } catch (error) {
      // The account and its token exist; "Resend Email" can try again. The person is not told of an
      // outage they cannot fix, but it is logged.
      request.log.error({ err: error }, 'sending the verification mail failed');
    }
  };

  const newVerifyToken = (q: Parameters<Parameters<Db['tx']>[0]>[0], userId: string, email: string) =>
    createOneTimeToken(q, {
      purpose: 'verify_email',
      ttlSeconds: VERIFY_TTL_HOURS * 3600,
      userId,
      email,
    });
  return {
    fastify,
    db,
    config,
    mailer,
    limits,
    app,
    google,
    devIdp,
    loginFailures,
    registerPerEmail,
    mailMinute,
    mailHour,
    dummyHash,
    checkEmail,
    decrypt,
    sendVerification,
    newVerifyToken,
  };
}

/** What every part of the sign-in calls shares (authRoutes builds it once). */
export type AuthContext = ReturnType<typeof authContext>;

// What every part of the account area's calls shares (server/account/routes.ts builds it once): the typed
// app, the signed-in guard, the database, the settings, the rate limits and the courtesy mailer.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Mail, Mailer } from '../mail/index.ts';
import {
  ACCOUNT_RATE_LIMIT_MESSAGES,
  DEFAULT_ACCOUNT_RATE_LIMITS,
  keyedLimiter,
  type AccountRateLimits,
} from './rate-limits.ts';

export interface AccountOptions {
  db: Db;
  config: Pick<Config, 'publicOrigin' | 'jwtSecret' | 'passwordKey' | 'devStandIns'>;
  mailer: Mailer;
  rateLimits?: Partial<AccountRateLimits>;
}

type Limiter = ReturnType<typeof keyedLimiter>;

export interface AccountContext {
  fastify: FastifyInstance;
  app: ReturnType<typeof typed>;
  db: Db;
  mailer: Mailer;
  config: AccountOptions['config'];
  /** onRequest, not preHandler: an anonymous call is 401 before its body is parsed or validated. */
  signedIn: { onRequest: FastifyInstance['requireUser'] };
  supportUrl: string;
  limits: AccountRateLimits;
  supportPerIp: Limiter;
  supportPerAccount: Limiter;
  supportPerEmail: Limiter;
  passwordFailures: Limiter;
  avatarPerAccount: Limiter;
  /** Mail is a courtesy here: the request or answer is stored whatever the mail server says. */
  sendMail: (request: FastifyRequest, mail: Mail, what: string) => Promise<void>;
}

const typed = (fastify: FastifyInstance) => fastify.withTypeProvider<TypeBoxTypeProvider>();

export function accountContext(fastify: FastifyInstance, options: AccountOptions): AccountContext {
  const { db, config, mailer } = options;
  const limits: AccountRateLimits = { ...DEFAULT_ACCOUNT_RATE_LIMITS, ...options.rateLimits };
  const limiter = (name: string, limit: keyof AccountRateLimits, message: string) =>
    keyedLimiter(fastify, name, limits[limit], message);
  return {
    fastify,
    app: typed(fastify),
    db,
    mailer,
    config,
    signedIn: { onRequest: fastify.requireUser },
    supportUrl: `${config.publicOrigin}/support`,
    limits,
    supportPerIp: limiter('support-ip', 'supportPerIp', ACCOUNT_RATE_LIMIT_MESSAGES.support),
    supportPerAccount: limiter('support-account', 'supportPerAccount', ACCOUNT_RATE_LIMIT_MESSAGES.support),
    supportPerEmail: limiter('support-email', 'supportPerEmail', ACCOUNT_RATE_LIMIT_MESSAGES.support),
    passwordFailures: limiter(
      'password-failures',
      'passwordFailuresPerAccount',
      ACCOUNT_RATE_LIMIT_MESSAGES.password,
    ),
    avatarPerAccount: limiter('avatar', 'avatarPerAccount', ACCOUNT_RATE_LIMIT_MESSAGES.avatar),
    sendMail: async (request, mail, what) => {
      try {
        await mailer.send(mail);
      } catch (error) {
        request.log.error({ err: error }, `sending the ${what} mail failed`);
      }
    },
  };
}

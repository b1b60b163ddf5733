// The sign-in calls (requirements §7 and ours): email login, registration, verification mails and links, the
// account, logout, guest login, and the social (Google) authorization-code flow with its development
// stand-in. Every answer is an envelope; the texts are the product's (requirements §5, §8).
import { randomInt } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, isStrongPassword, isValidEmail, validateEmail } from '../../domain/validation.ts';
import { addWelcomeMessage } from '../messages/write.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError, ok } from '../http/envelope.ts';
import type { Mailer } from '../mail/index.ts';
import { verificationMail, verifyLink } from '../mail/templates.ts';
import {
  ACCOUNT_COLUMNS,
  accountData,
  findAccountByEmail,
  nameFromEmail,
  signedIn,
  type AccountRow,
} from './accounts.ts';
import { DEV_CLIENT_ID, DEV_IDP_PATH, devIdpRoutes, type CodeData, type StateData } from './dev-idp.ts';
import { GoogleClient, OIDC_SCOPE, ProviderError, queryString, type ProviderIdentity } from './google.ts';
import { consumeOneTimeToken, createOneTimeToken, findOneTimeToken, hashSecret } from './one-time-tokens.ts';
import { PasswordDecryptError, decryptPassword } from './password-crypto.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_MESSAGES,
  perAddress,
  perIp,
  registerRateLimit,
  type AuthRateLimits,
} from './rate-limits.ts';
import {
  AccountResponse,
  AuthorizeQuery,
  AuthorizeResponse,
  EmptyResponse,
  ExchangeBody,
  LoginBody,
  RegisterBody,
  ResendBody,
  SignInResponse,
  UserIdQuery,
  VerifyBody,
  VerifyResponse,
} from './schemas.ts';
import { findOrCreateSocialUser } from './social-users.ts';

/** requirements §3: the registration's recaptcha token is this fixed value (src/auth/auth-effects.ts). */
export const RECAPTCHA_DUMMY = 'recaptcha-dummy-token';
export const VERIFY_TTL_HOURS = 24;
export const STATE_TTL_SECONDS = 10 * 60;
export const SOCIAL_CALLBACK_PATHS = ['/auth/callback', '/social-callback'];

export const AUTH_MESSAGES = {
  undecryptable: 'We could not read your password. Please try again.',
  notEncrypted: 'Passwords must be sent encrypted. Please reload the page and try again.',
  badCredentials: 'Incorrect email or password.',
  notVerified: 'Please verify your email address before logging in.',
  loggedIn: 'Login successful!',
  recaptcha: 'The security check failed. Please reload the page and try again.',
  emailTaken: 'An account with this email already exists. Please log in.',
  registered: 'Registration successful. Please check your email to verify your account.',
  resent: 'Verification email sent successfully!',
  verified: 'Your email address has been verified. You can now log in.',
  verifyExpired: 'This verification link has expired. Ask for a new one below.',
  verifyInvalid: 'This verification link is not valid.',
  loggedOut: 'You have been successfully logged out',
  unsupportedProvider: 'Unsupported sign-in provider',
  badCallback: 'This sign-in callback address is not allowed.',
  socialUnavailable: 'Sign-in with Google is not available right now. Please use email or continue as guest.',
  signInExpired: 'This sign-in link has expired. Please try again.',
  signInInvalid: 'This sign-in link is not valid. Please try again.',
} as const;

export interface AuthRoutesOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  rateLimits?: Partial<AuthRateLimits>;
  /** Overrides of the Google client (tests: a token endpoint and key set of their own). */
  google?: Pick<ConstructorParameters<typeof GoogleClient>[0], 'fetch' | 'jwks'>;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a sign-in callback may be on: PUBLIC_ORIGIN, and outside production, when PUBLIC_ORIGIN is a
 * loopback origin, the same scheme and port under the other loopback names (a browser on 127.0.0.1 reaches
 * the same server as on localhost). Never derived from a request: Host and X-Forwarded-Host are the
 * client's to choose, and a callback on another host would send it the sign-in code.
 */
export function callbackOrigins(config: Pick<Config, 'publicOrigin' | 'production'>): Set<string> {
  const origins = new Set([config.publicOrigin]);
  const url = new URL(config.publicOrigin);
  if (!config.production && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      url.hostname = host;
      origins.add(url.origin);
    }
  }
  return origins;
}

export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const { db, config, mailer } = opts;
  const limits: AuthRateLimits = { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits };
  await registerRateLimit(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const google =
    config.google === null ? null : new GoogleClient({ ...config.google, ...(opts.google ?? {}) });
  const devIdp = config.google === null && config.devStandIns && !config.production;
  if (devIdp) await app.register(devIdpRoutes, { db, limit: limits.socialPerIp });

  const loginFailures = perAddress(
    app,
    'login-failures',
    limits.loginFailuresPerEmail,
    RATE_LIMIT_MESSAGES.login,
  );
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

  // --- email and password -------------------------------------------------------------------------

  app.post(
    '/api/social/login',
    {
      config: perIp(limits.loginPerIp, RATE_LIMIT_MESSAGES.login),
      schema: {
        summary: 'Log in with email and (encrypted) password',
        body: LoginBody,
        response: { 200: SignInResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = checkEmail(body.email);
      if (body.password === '') throw new ApiError(400, MESSAGES.passwordRequired);
      if (body.encrypted === false) throw new ApiError(400, AUTH_MESSAGES.notEncrypted);
      const password = decrypt(body.password);
      if (password === '') throw new ApiError(400, MESSAGES.passwordRequired);

      await loginFailures.check(request, reply);
      const user = await findAccountByEmail(db, email);
      const matches =
        user?.password_hash != null
          ? await verifyPassword(user.password_hash, password)
          : (await verifyPassword(await dummyHash, password)) && false;
      if (user === null || !matches) {
        await loginFailures.count(request);
        throw new ApiError(401, AUTH_MESSAGES.badCredentials);
      }
      if (user.email_verified_at === null) {
        throw new ApiError(403, AUTH_MESSAGES.notVerified, { code: 'EMAIL_NOT_VERIFIED', email: user.email });
      }
      return ok(await signedIn(user, config.jwtSecret), AUTH_MESSAGES.loggedIn);
    },
  );

  app.post(
    '/api/social/register',
    {
      config: perIp(limits.registerPerIp, RATE_LIMIT_MESSAGES.register),
      schema: {
        summary: 'Create an account (unverified) and send the verification mail',
        body: RegisterBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = checkEmail(body.email);
      if (body.encrypted === false) throw new ApiError(400, AUTH_MESSAGES.notEncrypted);
      const password = body.password === '' ? '' : decrypt(body.password);
      if (password === '') throw new ApiError(400, MESSAGES.passwordRequired);
      if (!isStrongPassword(password)) throw new ApiError(422, MESSAGES.passwordRule);
      const confirmation = body.confirmPassword === '' ? '' : decrypt(body.confirmPassword);
      if (confirmation !== password) throw new ApiError(422, MESSAGES.passwordMismatch);
      if (body.recaptchaToken !== RECAPTCHA_DUMMY) throw new ApiError(400, AUTH_MESSAGES.recaptcha);

      await registerPerEmail.hit(request, reply);
      if ((await findAccountByEmail(db, email)) !== null) throw new ApiError(409, AUTH_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(password);
      let token: string;
      try {
        token = await db.tx(async (q) => {
          const user = await q.one<{ id: string }>(
            `INSERT INTO users (email, password_hash, name, provider) VALUES ($1, $2, $3, 'email') RETURNING id`,
            [email, passwordHash, nameFromEmail(email)],
          );
          await addWelcomeMessage(q, user.id);
          return newVerifyToken(q, user.id, email);
        });
      } catch (error) {
        // Two registrations of one address at once: the unique index decides.
        if ((error as { code?: unknown }).code === '23505') throw new ApiError(409, AUTH_MESSAGES.emailTaken);
        throw error;
      }
      // The registration's mail counts towards the address's mail limits (the resend cooldown).
      await mailMinute.count(request);
      await mailHour.count(request);
      await sendVerification(request, email, token);
      return ok({}, AUTH_MESSAGES.registered);
    },
  );

  app.post(
    '/api/social/resend-verification',
    {
      config: perIp(limits.resendPerIp, RATE_LIMIT_MESSAGES.resend),
      schema: {
        summary: 'Send a new verification mail (same answer for any address)',
        body: ResendBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request, reply) => {
      const email = checkEmail(request.body.email);
      await mailMinute.hit(request, reply);
      await mailHour.hit(request, reply);
      const fresh = await db.tx(async (q) => {
        const user = await findAccountByEmail(q, email, { forUpdate: true });
        if (user === null || user.email === null || user.email_verified_at !== null) return null;
        // Older links stop working: they answer "expired" and offer a new one.
        await q.query(
          `UPDATE one_time_tokens SET expires_at = LEAST(expires_at, now())
           WHERE user_id = $1 AND purpose = 'verify_email' AND used_at IS NULL`,
          [user.id],
        );
        return { to: user.email, token: await newVerifyToken(q, user.id, user.email) };
      });
      if (fresh !== null) await sendVerification(request, fresh.to, fresh.token);
      return ok({}, AUTH_MESSAGES.resent);
    },
  );

  app.post(
    '/api/social/verify-email',
    {
      config: perIp(limits.verifyPerIp, RATE_LIMIT_MESSAGES.verify),
      schema: {
        summary: 'Verify an address with the token of its /verifyemail-{token}.html link',
        body: VerifyBody,
        response: { 200: VerifyResponse },
      },
    },
    async (request) => {
      const secret = request.body.token.trim();
      const outcome = await db.tx(
        async (q): Promise<{ status: 'verified' | 'expired' | 'invalid'; email?: string }> => {
          if (secret === '') return { status: 'invalid' };
          const token = await findOneTimeToken(q, 'verify_email', secret, { forUpdate: true });
          if (token === null || token.userId === null) return { status: 'invalid' };
          const user = await q.maybeOne<{ email: string | null; email_verified_at: Date | null }>(
            'SELECT email, email_verified_at FROM users WHERE id = $1 FOR UPDATE',
            [token.userId],
          );
          // A link for an address the account no longer has is void.
          if (
            user?.email == null ||
            (token.email !== null && token.email.toLowerCase() !== user.email.toLowerCase())
          ) {
            return { status: 'invalid' };
          }
          const markUsed = () =>
            q.query('UPDATE one_time_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL', [
              token.tokenHash,
            ]);
          if (user.email_verified_at !== null) {
            // Opening the link again, or another link of an account already verified: still verified.
            await markUsed();
            return { status: 'verified', email: user.email };
          }
          if (token.usedAt !== null) return { status: 'invalid' };
          if (token.expired) return { status: 'expired', email: user.email };
          await markUsed();
          await q.query('UPDATE users SET email_verified_at = now(), updated_at = now() WHERE id = $1', [
            token.userId,
          ]);
          return { status: 'verified', email: user.email };
        },
      );
      if (outcome.status === 'verified' && outcome.email !== undefined) {
        return ok({ status: 'verified' as const, email: outcome.email }, AUTH_MESSAGES.verified);
      }
      if (outcome.status === 'expired') {
        throw new ApiError(410, AUTH_MESSAGES.verifyExpired, { status: 'expired', email: outcome.email });
      }
      throw new ApiError(400, AUTH_MESSAGES.verifyInvalid, { status: 'invalid' });
    },
  );

  // --- session ------------------------------------------------------------------------------------

  app.get(
    '/api/social/accounts',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "The token's user (the userId query is ignored)",
        querystring: UserIdQuery,
        response: { 200: AccountResponse },
      },
    },
    async (request) => ok({ data: accountData(request.user!) }),
  );

  app.post(
    '/api/social/logout',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Revoke the bearer token (the userId query is ignored)',
        querystring: UserIdQuery,
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const claims = request.tokenClaims!;
      await db.query(
        `INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3))
         ON CONFLICT (jti) DO NOTHING`,
        [claims.jti, request.user!.id, claims.exp],
      );
      // Revocations matter only until the token would have expired anyway.
      await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
      return ok({}, AUTH_MESSAGES.loggedOut);
    },
  );

  app.post(
    '/api/social/guest',
    {
      config: perIp(limits.guestPerIp, RATE_LIMIT_MESSAGES.guest),
      schema: {
        summary: 'Continue as guest: a new guest account and its token',
        response: { 200: SignInResponse },
      },
    },
    async () => {
      const user = await db.one<AccountRow>(
        `INSERT INTO users (name, provider) VALUES ($1, 'guest') RETURNING ${ACCOUNT_COLUMNS}`,
        [`Guest ${randomInt(1000, 10000)}`],
      );
      await addWelcomeMessage(db, user.id);
      return ok(await signedIn(user, config.jwtSecret), AUTH_MESSAGES.loggedIn);
    },
  );

  // --- social sign-in (Google, or the development identity provider) ------------------------------

  // `npm run dev` sets PUBLIC_ORIGIN to the Vite dev server's origin, so its callbacks are accepted.
  const ourOrigins = callbackOrigins(config);
  /** The callback if it is ours: one of our paths, on PUBLIC_ORIGIN (callbackOrigins). */
  const allowedCallback = (raw: string): URL | null => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (url.username || url.password || url.search || url.hash || raw.includes('#')) return null;
    if (!SOCIAL_CALLBACK_PATHS.includes(url.pathname)) return null;
    return ourOrigins.has(url.origin) ? url : null;
  };

  app.get(
    '/api/social/authorize',
    {
      config: perIp(limits.socialPerIp, RATE_LIMIT_MESSAGES.social),
      schema: {
        summary: "The provider's authorization URL for a new sign-in (state bound to the callback)",
        querystring: AuthorizeQuery,
        response: { 200: AuthorizeResponse },
      },
    },
    async (request) => {
      const { provider, callback } = request.query;
      if (provider !== 'google') throw new ApiError(400, AUTH_MESSAGES.unsupportedProvider);
      const url = allowedCallback(callback);
      if (url === null) throw new ApiError(400, AUTH_MESSAGES.badCallback);
      if (google === null && !devIdp) throw new ApiError(503, AUTH_MESSAGES.socialUnavailable);
      const redirectUri = `${url.origin}${url.pathname}`;
      // States and codes are short-lived: clear out the ones long gone.
      await db.query(
        `DELETE FROM one_time_tokens WHERE purpose IN ('oauth_state', 'auth_code') AND expires_at < now() - interval '1 hour'`,
      );
      const state = await createOneTimeToken(db, {
        purpose: 'oauth_state',
        ttlSeconds: STATE_TTL_SECONDS,
        data: {
          provider: 'google',
          mode: google ? 'google' : 'dev',
          callback: redirectUri,
        } satisfies StateData,
      });
      const authUrl = google
        ? google.authUrl({ redirectUri, state })
        : `${url.origin}${DEV_IDP_PATH}?${queryString({
            client_id: DEV_CLIENT_ID,
            redirect_uri: redirectUri,
            state,
            response_type: 'code',
            scope: OIDC_SCOPE,
          })}`;
      return ok({ authUrl });
    },
  );

  app.post(
    '/api/social/exchange',
    {
      config: perIp(limits.socialPerIp, RATE_LIMIT_MESSAGES.social),
      schema: {
        summary: "Complete a social sign-in: the provider's code and our state for a token",
        body: ExchangeBody,
        response: { 200: SignInResponse },
      },
    },
    async (request) => {
      const { code, state } = request.body;
      // State and (development) code are used up by any attempt, a failed one too.
      const used = await db.tx(async (q) => ({
        state: await consumeOneTimeToken<StateData>(q, 'oauth_state', state),
        code: devIdp ? await consumeOneTimeToken<CodeData>(q, 'auth_code', code) : null,
      }));
      if (used.state.status === 'unknown') throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
      if (used.state.status !== 'ok') throw new ApiError(400, AUTH_MESSAGES.signInExpired);
      const stateData = used.state.token.data;

      let identity: ProviderIdentity;
      if (stateData.mode === 'dev') {
        const c = used.code;
        if (!devIdp || c === null || c.status === 'unknown')
          throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
        if (c.status !== 'ok') throw new ApiError(400, AUTH_MESSAGES.signInExpired);
        const data = c.token.data;
        if (
          data.stateHash !== hashSecret(state) ||
          data.redirectUri !== stateData.callback ||
          !c.token.email
        ) {
          throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
        }
        identity = {
          subject: data.subject,
          email: c.token.email,
          emailVerified: true,
          name: data.name,
          picture: null,
        };
      } else {
        if (google === null) throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
        try {
          identity = await google.exchange({ code, redirectUri: stateData.callback, state });
        } catch (error) {
          if (error instanceof ProviderError) throw new ApiError(error.statusCode, error.message);
          throw error;
        }
      }
      if (!isValidEmail(identity.email)) throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
      const user = await db.tx((q) => findOrCreateSocialUser(q, identity));
      return ok(await signedIn(user, config.jwtSecret), AUTH_MESSAGES.loggedIn);
    },
  );
}

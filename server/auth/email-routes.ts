// The sign-in calls (requirements §7 and ours) of an email and a password: login and registration. Every
// answer is an envelope; the texts are the product's (requirements §5, §8).
import { MESSAGES, isStrongPassword } from '../../domain/validation.ts';
import { addWelcomeMessage } from '../messages/write.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { findAccountByEmail, nameFromEmail, signedIn } from './accounts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RATE_LIMIT_MESSAGES, perIp } from './rate-limits.ts';
import { EmptyResponse, LoginBody, RegisterBody, SignInResponse } from './schemas.ts';
import { AUTH_MESSAGES } from './constants.ts';
import { requireBotCheck } from '../bot-check/bot-check.ts';
import type { AuthContext } from './route-context.ts';

export async function emailRoutes(context: AuthContext): Promise<void> {
  const {
    db,
    config,
    limits,
    app,
    loginFailures,
    registerPerEmail,
    mailMinute,
    mailHour,
    dummyHash,
    checkEmail,
    decrypt,
    sendVerification,
    newVerifyToken,
  } = context;

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

      // only this address's own failures (or its wait) refuse before the password is checked
      await loginFailures.before(request, reply);
      const user = await findAccountByEmail(db, email);
      const matches =
        user?.password_hash != null
          ? await verifyPassword(user.password_hash, password)
          : (await verifyPassword(await dummyHash, password)) && false;
      if (user === null || !matches) {
        await loginFailures.failed(request, reply); // 429 once the account has had too many
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
      await requireBotCheck(request.server.botCheck, body.recaptchaToken, 'recaptchaToken');

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
}

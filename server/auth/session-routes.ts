// The sign-in calls (requirements §7 and ours), the session: the account read again, logout, guest login.
// Every answer is an envelope; the texts are the product's (requirements §5, §8).
import { randomInt } from 'node:crypto';
import { addWelcomeMessage } from '../messages/write.ts';
import { ok } from '../http/envelope.ts';
import { ACCOUNT_COLUMNS, accountData, signedIn, type AccountRow } from './accounts.ts';
import { RATE_LIMIT_MESSAGES, perIp } from './rate-limits.ts';
import { AccountResponse, EmptyResponse, GuestBody, SignInResponse, UserIdQuery } from './schemas.ts';
import { requireBotCheck } from '../bot-check/bot-check.ts';
import { AUTH_MESSAGES } from './constants.ts';
import type { AuthContext } from './route-context.ts';

export async function sessionRoutes(context: AuthContext): Promise<void> {
  const { db, config, limits, app } = context;

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
        summary: 'Continue as guest: a new guest account and its token (after the bot check)',
        body: GuestBody,
        response: { 200: SignInResponse },
      },
    },
    async (request) => {
      await requireBotCheck(request.server.botCheck, request.body?.botCheck, 'botCheck');
      const user = await db.one<AccountRow>(
        `INSERT INTO users (name, provider) VALUES ($1, 'guest') RETURNING ${ACCOUNT_COLUMNS}`,
        [`Guest ${randomInt(1000, 10000)}`],
      );
      await addWelcomeMessage(db, user.id);
      return ok(await signedIn(user, config.jwtSecret), AUTH_MESSAGES.loggedIn);
    },
  );
}

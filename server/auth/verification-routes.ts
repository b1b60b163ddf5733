// The sign-in calls (requirements §7 and ours) that prove an address: the verification mail sent again, and
// its link followed. Every answer is an envelope; the texts are the product's (requirements §5, §8).
import { ApiError, ok } from '../http/envelope.ts';
import { findAccountByEmail } from './accounts.ts';
import { findOneTimeToken } from './one-time-tokens.ts';
import { RATE_LIMIT_MESSAGES, perIp } from './rate-limits.ts';
import { EmptyResponse, ResendBody, VerifyBody, VerifyResponse } from './schemas.ts';
import { AUTH_MESSAGES } from './constants.ts';
import type { AuthContext } from './route-context.ts';

export async function verificationRoutes(context: AuthContext): Promise<void> {
  const { db, limits, app, mailMinute, mailHour, checkEmail, sendVerification, newVerifyToken } = context;

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
}

// The account area's Settings calls (docs/decisions/005-account.md): notification settings, password,
// signing out everywhere, deleting the account. Every /api/my/ call checks the token first (onRequest) and
// acts only on the token's user.
import type { FastifyRequest } from 'fastify';
import { DELETE_CONFIRMATION, type NotificationPrefs } from '../../domain/account.ts';
import { MESSAGES, isStrongPassword } from '../../domain/validation.ts';
import { PasswordDecryptError, decryptPassword } from '../auth/password-crypto.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { perIp } from '../auth/rate-limits.ts';
import { AUTH_MESSAGES } from '../auth/constants.ts';
import { signToken } from '../auth/tokens.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { ACCOUNT_RATE_LIMIT_MESSAGES } from './rate-limits.ts';
import {
  DeleteAccountBody,
  EmptyResponse,
  NotificationsBody,
  PasswordBody,
  SettingsResponse,
  TokenResponse,
} from './schemas.ts';
import {
  SETTINGS_MESSAGES,
  deleteAccount,
  readSettings,
  saveNotifications,
  setPassword,
  signOutEverywhere,
} from './settings.ts';
import type { AccountContext } from './route-context.ts';

const userOf = (request: FastifyRequest): string => request.user!.id;

export async function settingsRoutes(context: AccountContext): Promise<void> {
  const { app, db, config, signedIn, limits, passwordFailures } = context;

  app.get(
    '/api/my/settings',
    {
      ...signedIn,
      schema: {
        summary: "The caller's notification preferences, whether the account has a password, its provider",
        response: { 200: SettingsResponse },
      },
    },
    async (request) => ok({ data: await readSettings(db, userOf(request)) }),
  );

  app.post(
    '/api/my/settings/notifications',
    {
      ...signedIn,
      schema: {
        summary: 'Change notification preferences (those not given stay as they are)',
        body: NotificationsBody,
        response: { 200: SettingsResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const prefs: Partial<NotificationPrefs> = {};
      if (body.orderUpdates !== undefined) prefs.orderUpdates = body.orderUpdates;
      if (body.supportReplies !== undefined) prefs.supportReplies = body.supportReplies;
      if (body.promotions !== undefined) prefs.promotions = body.promotions;
      return ok({ data: await saveNotifications(db, userOf(request), prefs) }, SETTINGS_MESSAGES.saved);
    },
  );

  const decrypt = (encrypted: string, empty: string): string => {
    if (encrypted === '') throw new ApiError(400, empty);
    try {
      return decryptPassword(encrypted, config.passwordKey);
    } catch (error) {
      if (error instanceof PasswordDecryptError) throw new ApiError(400, AUTH_MESSAGES.undecryptable);
      throw error;
    }
  };

  app.post(
    '/api/my/settings/password',
    {
      ...signedIn,
      config: perIp(limits.passwordPerIp, ACCOUNT_RATE_LIMIT_MESSAGES.password),
      schema: {
        summary:
          'Change the password (both encrypted as at sign-in): every other session is signed out and this one ' +
          'gets a new token. 403 wrong current password, 400 new one breaks the rule, 409 no password',
        body: PasswordBody,
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) => {
      const userId = userOf(request);
      const body = request.body;
      const account = await db.one<{ password_hash: string | null }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [userId],
      );
      if (account.password_hash === null) throw new ApiError(409, SETTINGS_MESSAGES.noPassword);
      if (body.encrypted === false) throw new ApiError(400, AUTH_MESSAGES.notEncrypted);
      const current = decrypt(body.currentPassword, SETTINGS_MESSAGES.currentRequired);
      const next = decrypt(body.newPassword, SETTINGS_MESSAGES.newRequired);
      if (!isStrongPassword(next)) throw new ApiError(400, MESSAGES.passwordRule, { field: 'newPassword' });

      await passwordFailures.check(request, reply, userId);
      if (!(await verifyPassword(account.password_hash, current))) {
        await passwordFailures.count(request, userId);
        throw new ApiError(403, SETTINGS_MESSAGES.currentWrong, { field: 'currentPassword' });
      }
      if (next === current) throw new ApiError(400, SETTINGS_MESSAGES.samePassword, { field: 'newPassword' });

      const updated = await setPassword(db, userId, await hashPassword(next));
      const token = await signToken(
        { id: userId, name: updated.name, tokenVersion: updated.tokenVersion },
        config.jwtSecret,
      );
      return ok({ token }, SETTINGS_MESSAGES.changed);
    },
  );

  app.post(
    '/api/my/settings/sign-out-everywhere',
    {
      ...signedIn,
      schema: {
        summary: 'Sign out on every device: every token of the account stops working, this one too',
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      await signOutEverywhere(db, userOf(request));
      return ok({}, SETTINGS_MESSAGES.signedOutEverywhere);
    },
  );

  app.post(
    '/api/my/account/delete',
    {
      ...signedIn,
      schema: {
        summary:
          'Delete the account (confirm must be DELETE): its data goes, its orders stay without a link to it, ' +
          'every token stops working',
        body: DeleteAccountBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      if (request.body.confirm.trim() !== DELETE_CONFIRMATION) {
        throw new ApiError(400, SETTINGS_MESSAGES.confirmDelete, { field: 'confirm' });
      }
      await db.tx((q) => deleteAccount(q, userOf(request)));
      return ok({}, SETTINGS_MESSAGES.deleted);
    },
  );
}

// The account area's calls (docs/decisions/005-account.md): messages, support requests, profile, avatars,
// settings, password, signing out everywhere, deleting the account. Every /api/my/ call checks the token
// before anything else (onRequest) and acts only on the token's user: another member's message id answers
// 404 and changes nothing.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_LIMITS, DELETE_CONFIRMATION, type NotificationPrefs } from '../../domain/account.ts';
import { MESSAGES, isStrongPassword } from '../../domain/validation.ts';
import { PasswordDecryptError, decryptPassword } from '../auth/password-crypto.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { perIp, registerRateLimit } from '../auth/rate-limits.ts';
import { AUTH_MESSAGES } from '../auth/routes.ts';
import { signToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import type { Mail, Mailer } from '../mail/index.ts';
import {
  AVATAR_MESSAGES,
  encodeUploadedAvatar,
  readAvatar,
  renderInitialsAvatar,
  storeAvatar,
} from './avatars.ts';
import { supportReceivedMail } from './mails.ts';
import {
  MESSAGE_NOT_FOUND,
  deleteMessage,
  listMessages,
  markAllRead,
  markRead,
  parseId,
  unreadCount,
} from './messages.ts';
import { PROFILE_MESSAGES, cleanName, readProfile, saveName } from './profile.ts';
import {
  ACCOUNT_RATE_LIMIT_MESSAGES,
  DEFAULT_ACCOUNT_RATE_LIMITS,
  keyedLimiter,
  type AccountRateLimits,
} from './rate-limits.ts';
import {
  AvatarParams,
  AvatarQuery,
  DEFAULT_MESSAGE_PAGE_SIZE,
  DeleteAccountBody,
  EmptyResponse,
  MessagePageResponse,
  MessageParams,
  MessageReadResponse,
  MessagesQuery,
  NameBody,
  NotificationsBody,
  PasswordBody,
  ProfileResponse,
  SettingsResponse,
  SupportParams,
  SupportReplyBody,
  SupportRequestBody,
  SupportRequestResponse,
  SupportRequestsResponse,
  TokenResponse,
  UnreadCountResponse,
  UnreadResponse,
} from './schemas.ts';
import {
  SETTINGS_MESSAGES,
  deleteAccount,
  readSettings,
  saveNotifications,
  setPassword,
  signOutEverywhere,
} from './settings.ts';
import {
  SUPPORT_MESSAGES,
  SUPPORT_NOT_FOUND,
  cleanSupportEmail,
  cleanSupportText,
  createSupportRequest,
  listSupportRequests,
  answerSupportRequest,
} from './support.ts';

export interface AccountOptions {
  db: Db;
  config: Pick<Config, 'publicOrigin' | 'jwtSecret' | 'passwordKey' | 'devStandIns'>;
  mailer: Mailer;
  rateLimits?: Partial<AccountRateLimits>;
}

const userOf = (request: FastifyRequest): string => request.user!.id;

export async function accountRoutes(fastify: FastifyInstance, options: AccountOptions): Promise<void> {
  const { db, config, mailer } = options;
  const limits: AccountRateLimits = { ...DEFAULT_ACCOUNT_RATE_LIMITS, ...options.rateLimits };
  await registerRateLimit(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // onRequest, not preHandler: an anonymous call is 401 before its body is parsed or validated.
  const signedIn = { onRequest: fastify.requireUser };
  const supportUrl = `${config.publicOrigin}/support`;

  const supportPerIp = keyedLimiter(
    fastify,
    'support-ip',
    limits.supportPerIp,
    ACCOUNT_RATE_LIMIT_MESSAGES.support,
  );
  const supportPerAccount = keyedLimiter(
    fastify,
    'support-account',
    limits.supportPerAccount,
    ACCOUNT_RATE_LIMIT_MESSAGES.support,
  );
  const supportPerEmail = keyedLimiter(
    fastify,
    'support-email',
    limits.supportPerEmail,
    ACCOUNT_RATE_LIMIT_MESSAGES.support,
  );
  const passwordFailures = keyedLimiter(
    fastify,
    'password-failures',
    limits.passwordFailuresPerAccount,
    ACCOUNT_RATE_LIMIT_MESSAGES.password,
  );
  const avatarPerAccount = keyedLimiter(
    fastify,
    'avatar',
    limits.avatarPerAccount,
    ACCOUNT_RATE_LIMIT_MESSAGES.avatar,
  );

  /** Mail is a courtesy here: the request or answer is stored whatever the mail server says. */
  const sendMail = async (request: FastifyRequest, mail: Mail, what: string): Promise<void> => {
    try {
      await mailer.send(mail);
    } catch (error) {
      request.log.error({ err: error }, `sending the ${what} mail failed`);
    }
  };

  const messageIdOf = (raw: string): number => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGE_NOT_FOUND);
    return id;
  };

  // Messages -----------------------------------------------------------------------------------------------

  app.get(
    '/api/my/messages',
    {
      ...signedIn,
      schema: {
        summary: "The caller's messages, newest first, with the unread count of the whole inbox",
        querystring: MessagesQuery,
        response: { 200: MessagePageResponse },
      },
    },
    async (request) =>
      ok(
        await listMessages(db, userOf(request), {
          page: request.query.page ?? 1,
          pageSize: request.query.pageSize ?? DEFAULT_MESSAGE_PAGE_SIZE,
        }),
      ),
  );

  app.get(
    '/api/my/messages/unread-count',
    {
      ...signedIn,
      schema: { summary: "The caller's unread messages", response: { 200: UnreadCountResponse } },
    },
    async (request) => ok({ data: await unreadCount(db, userOf(request)) }),
  );

  app.post(
    '/api/my/messages/read-all',
    {
      ...signedIn,
      schema: { summary: "Mark every message of the caller's read", response: { 200: UnreadResponse } },
    },
    async (request) => {
      await markAllRead(db, userOf(request));
      return ok({ unread: 0 });
    },
  );

  app.post(
    '/api/my/messages/:id/read',
    {
      ...signedIn,
      schema: {
        summary: "Mark one of the caller's messages read (again: no change); 404 for any other id",
        params: MessageParams,
        response: { 200: MessageReadResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      const message = await markRead(db, userId, messageIdOf(request.params.id));
      if (message === null) throw notFound(MESSAGE_NOT_FOUND);
      return ok({ data: message, unread: await unreadCount(db, userId) });
    },
  );

  app.post(
    '/api/my/messages/:id/delete',
    {
      ...signedIn,
      schema: {
        summary: "Delete one of the caller's messages; 404 for any other id",
        params: MessageParams,
        response: { 200: UnreadResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      if (!(await deleteMessage(db, userId, messageIdOf(request.params.id)))) {
        throw notFound(MESSAGE_NOT_FOUND);
      }
      return ok({ unread: await unreadCount(db, userId) }, 'Message deleted');
    },
  );

  // Customer Support ---------------------------------------------------------------------------------------

  app.post(
    '/api/support/requests',
    {
      schema: {
        summary:
          'Send a Customer Support request: signed out with an email, signed in with the account’s address ' +
          '(the body’s email is ignored). A confirmation mail goes to the address. 429 when rate limited',
        body: SupportRequestBody,
        response: { 200: SupportRequestResponse },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const text = cleanSupportText(request.body);
      // A guest account has no address: it writes like a visitor.
      const email = user?.email ?? cleanSupportEmail(request.body.email);
      await supportPerIp.hit(request, reply, request.ip);
      if (user !== null) await supportPerAccount.hit(request, reply, user.id);
      await supportPerEmail.hit(request, reply, email.toLowerCase());
      const created = await createSupportRequest(db, {
        userId: user?.id ?? null,
        email,
        subject: text.subject,
        message: text.message,
      });
      await sendMail(request, supportReceivedMail(email, created, supportUrl), 'support confirmation');
      return ok({ data: created }, SUPPORT_MESSAGES.sent);
    },
  );

  app.get(
    '/api/my/support/requests',
    {
      ...signedIn,
      schema: {
        summary: "The caller's support requests, newest first (at most 100), with the answers",
        response: { 200: SupportRequestsResponse },
      },
    },
    async (request) => ok({ data: await listSupportRequests(db, userOf(request)) }),
  );

  if (config.devStandIns) {
    app.post(
      '/api/dev/support/:id/reply',
      {
        schema: {
          summary:
            'Development stand-in for the staff: answer a support request (status answered, a message to the ' +
            'member, a mail when they want one); not in production',
          params: SupportParams,
          body: SupportReplyBody,
          response: { 200: SupportRequestResponse },
        },
      },
      async (request) => {
        const id = parseId(request.params.id);
        const body = request.body.body.trim();
        if (body === '') throw new ApiError(400, 'Please write an answer.', { field: 'body' });
        const answered =
          id === null
            ? null
            : await answerSupportRequest({ db, mailer, supportUrl, log: request.log }, id, body);
        if (answered === null) throw notFound(SUPPORT_NOT_FOUND);
        return ok({ data: answered }, SUPPORT_MESSAGES.replied);
      },
    );
  }

  // Profile ------------------------------------------------------------------------------------------------

  const profileOf = (userId: string) => readProfile(db, userId, config.publicOrigin);

  app.get(
    '/api/my/profile',
    {
      ...signedIn,
      schema: {
        summary: "The caller's profile (with their referral link, made on first use)",
        response: { 200: ProfileResponse },
      },
    },
    async (request) => ok({ data: await profileOf(userOf(request)) }),
  );

  app.post(
    '/api/my/profile',
    {
      ...signedIn,
      schema: {
        summary: 'Change the display name (trimmed, 1-40 characters, no control characters)',
        body: NameBody,
        response: { 200: ProfileResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      await saveName(db, userId, cleanName(request.body.name));
      return ok({ data: await profileOf(userId) }, PROFILE_MESSAGES.saved);
    },
  );

  app.post(
    '/api/my/profile/avatar/generated',
    {
      ...signedIn,
      schema: {
        summary: "Use a generated avatar: the caller's initials on a colour of their own",
        response: { 200: ProfileResponse },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await avatarPerAccount.hit(request, reply, user.id);
      await storeAvatar(db, user.id, await renderInitialsAvatar(user.id, user.name), 'generated');
      return ok({ data: await profileOf(user.id) }, AVATAR_MESSAGES.updated);
    },
  );

  // The upload has its own context: only image bodies are parsed there, as raw bytes up to 2 MB.
  await fastify.register(async (child: FastifyInstance) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser(
      [...AVATAR_LIMITS.types],
      { parseAs: 'buffer', bodyLimit: AVATAR_LIMITS.maxBytes },
      (_request, body, done) => done(null, body),
    );
    child.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, AVATAR_MESSAGES.tooLarge);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new ApiError(415, AVATAR_MESSAGES.unsupportedType);
      }
      throw error; // the application's error handler answers everything else
    });
    child.post(
      '/api/my/profile/avatar',
      {
        ...signedIn,
        bodyLimit: AVATAR_LIMITS.maxBytes,
        schema: {
          summary:
            'Upload an avatar: the image file itself as the body, with its Content-Type (image/png, image/jpeg, ' +
            'image/webp or image/gif), at most 2 MB; re-encoded to a 256x256 WebP. 413 too large, 415 not an ' +
            'image we take (the bytes are checked), 422 too small or too large in pixels',
          response: { 200: ProfileResponse },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const user = request.user!;
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, AVATAR_MESSAGES.missing);
        await avatarPerAccount.hit(request, reply, user.id);
        await storeAvatar(db, user.id, await encodeUploadedAvatar(body), 'upload');
        return ok({ data: await profileOf(user.id) }, AVATAR_MESSAGES.updated);
      },
    );
  });

  app.get(
    '/api/avatars/:file',
    {
      schema: {
        summary:
          'A member’s avatar as stored ({userId}.webp): image/webp, nosniff; immutable when v is its version',
        params: AvatarParams,
        querystring: AvatarQuery,
      },
    },
    async (request, reply) => {
      const avatar = await readAvatar(db, request.params.file);
      if (avatar === null) throw notFound(AVATAR_MESSAGES.notFound);
      const etag = `"${avatar.version}"`;
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('etag', etag)
        .header(
          'cache-control',
          request.query.v === String(avatar.version)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/webp').send(avatar.webp);
    },
  );

  // Settings -----------------------------------------------------------------------------------------------

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

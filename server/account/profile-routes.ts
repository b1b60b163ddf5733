// The account area's Profile calls (docs/decisions/005-account.md): the member's name and avatar (upload,
// initials), and avatars served. Every /api/my/ call checks the token first (onRequest) and acts only on
// the token's user.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_LIMITS } from '../../domain/account.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import {
  AVATAR_MESSAGES,
  encodeUploadedAvatar,
  readAvatar,
  renderInitialsAvatar,
  storeAvatar,
} from './avatars.ts';
import { PROFILE_MESSAGES, cleanName, readProfile, saveName } from './profile.ts';
import { AvatarParams, AvatarQuery, NameBody, ProfileResponse } from './schemas.ts';
import type { AccountContext } from './route-context.ts';

const userOf = (request: FastifyRequest): string => request.user!.id;

export async function profileRoutes(context: AccountContext): Promise<void> {
  const { app, fastify, db, config, signedIn, avatarPerAccount } = context;

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
}

// Share links (requirements §C5): POST /api/share makes `<origin>/s/<id>` for a prompt (a signed-in user's
// own stable referral link, reused; otherwise a new anonymous link, limited per client IP) and
// GET /api/share/:shortUrlId resolves a link of /s/{id} (partner=0) or /ps/{id} (partner=1), counting
// the visit.
import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { slugIdOf } from '../../domain/catalog.ts';
import { registerRateLimit } from '../auth/rate-limits.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError, EnvelopeSchema, notFound, ok } from '../http/envelope.ts';

export const SHORT_ID_LENGTH = 8;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 248 = 4 * 62: bytes from 248 up are skipped so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export const UNKNOWN_LINK = 'This share link does not exist or has expired.';
export const TOO_MANY_LINKS = 'Too many share links from your network. Please try again later.';

export interface ShareLimit {
  max: number;
  windowMs: number;
}
/** Anonymous links per client IP. */
export const DEFAULT_SHARE_LIMIT: ShareLimit = { max: 30, windowMs: 10 * 60_000 };

/** 8 characters of [A-Za-z0-9] from the system's cryptographic random source. */
export function newShortId(): string {
  let id = '';
  while (id.length < SHORT_ID_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte >= UNBIASED_LIMIT) continue;
      id += ALPHABET[byte % ALPHABET.length];
      if (id.length === SHORT_ID_LENGTH) break;
    }
  }
  return id;
}

/** The caller's link for the prompt: their existing one, else a new one (anonymous: always new). */
export async function createShareLink(
  db: Queryable,
  promptId: number,
  ownerId: string | null,
): Promise<string | null> {
  if ((await db.maybeOne('SELECT 1 FROM prompts WHERE id = $1 AND NOT hidden', [promptId])) === null)
    return null;
  const existing = async () =>
    ownerId === null
      ? null
      : await db.maybeOne<{ id: string }>(
          'SELECT id FROM short_links WHERE owner_id = $1 AND prompt_id = $2 AND NOT partner',
          [ownerId, promptId],
        );
  const found = await existing();
  if (found !== null) return found.id;
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO short_links (id, prompt_id, owner_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id`,
      [newShortId(), promptId, ownerId],
    );
    if (inserted[0]) return inserted[0].id;
    // Either another request made this user's link just now, or the random id was taken.
    const raced = await existing();
    if (raced !== null) return raced.id;
  }
  throw new Error('Could not find a free short link id');
}

export interface ResolvedShareLink {
  slugId: string;
  promptId: number;
  partner: boolean;
  partnerName: string | null;
  /** The user whose referral link this is; null for anonymous and partner links. */
  referrer: string | null;
}

/** The link of this kind (partner or not) with this id, counting the visit; null when there is none. */
export async function resolveShareLink(
  db: Queryable,
  id: string,
  partner: boolean,
): Promise<ResolvedShareLink | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const row = await db.maybeOne<{
    prompt_id: number;
    owner_id: string | null;
    partner_name: string | null;
    slug: string;
    sort_id: number;
  }>(
    `UPDATE short_links s SET clicks = s.clicks + 1
     FROM prompts p
     WHERE s.id = $1 AND s.partner = $2 AND p.id = s.prompt_id
     RETURNING s.prompt_id, s.owner_id, s.partner_name, p.slug, p.sort_id`,
    [id, partner],
  );
  if (row === null) return null;
  return {
    slugId: slugIdOf(row.slug, row.sort_id),
    promptId: row.prompt_id,
    partner,
    partnerName: partner ? row.partner_name : null,
    referrer: partner ? null : row.owner_id,
  };
}

export interface ShareOptions {
  db: Db;
  config: Pick<Config, 'publicOrigin'>;
  /** Anonymous links per client IP; default 30 per 10 minutes. */
  limit?: ShareLimit;
}

export async function shareRoutes(fastify: FastifyInstance, options: ShareOptions): Promise<void> {
  const { db, config } = options;
  const limit = options.limit ?? DEFAULT_SHARE_LIMIT;
  await registerRateLimit(fastify); // counted in the database, shared by every process
  const anonymousLimiter = fastify.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `share:${request.ip}`,
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/share',
    {
      schema: {
        summary:
          "A short link <origin>/s/<id> to a prompt: the signed-in caller's own (the same every time), " +
          'else a new anonymous one (limited per client)',
        body: Type.Object({ promptId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: {
          200: EnvelopeSchema(Type.Object({ shortUrlId: Type.String(), url: Type.String() })),
        },
      },
    },
    async (request, reply) => {
      const ownerId = request.user?.id ?? null;
      if (ownerId === null) {
        const state = await anonymousLimiter(request);
        if (!state.isAllowed && state.isExceeded) {
          const seconds = Math.max(1, state.ttlInSeconds);
          reply.header('retry-after', String(seconds));
          throw new ApiError(429, TOO_MANY_LINKS, { retryAfter: seconds });
        }
      }
      const id = await createShareLink(db, request.body.promptId, ownerId);
      if (id === null) throw notFound('Prompt not found');
      return ok({ shortUrlId: id, url: `${config.publicOrigin}/s/${id}` });
    },
  );

  app.get(
    '/api/share/:shortUrlId',
    {
      schema: {
        summary:
          'The prompt a share link leads to (partner=1 for /ps/{id} links, 0 for /s/{id}); counts the visit',
        params: Type.Object({ shortUrlId: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          partner: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, default: 0 })),
        }),
        response: {
          200: EnvelopeSchema(
            Type.Object({
              slugId: Type.String(),
              promptId: Type.Integer(),
              partner: Type.Boolean(),
              partnerName: Type.Union([Type.String(), Type.Null()]),
              referrer: Type.Union([Type.String(), Type.Null()], {
                description: "The referring user's id (user links); null for anonymous and partner links",
              }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const link = await resolveShareLink(db, request.params.shortUrlId, request.query.partner === 1);
      if (link === null) throw notFound(UNKNOWN_LINK);
      return ok(link);
    },
  );
}

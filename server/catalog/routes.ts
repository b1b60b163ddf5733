// Public catalog calls: the prompt list, the prompt detail of requirements §7, the generated example images.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { CARD_IMAGE_WIDTHS, type CardImageWidth } from '../../domain/card-image.ts';
import type { GeneratorType, Grade } from '../../domain/catalog.ts';
import type { Db } from '../db/index.ts';
import { AnswerCache, sharedJson } from '../http/answer-cache.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import { IMAGE_SIZES, renderPromptImage } from '../images/render.ts';
import { sha1, type ImageCache } from './image-cache.ts';
import { ViewCounter } from './view-counts.ts';
import { readImageFile } from './image-files.ts';
import { homeSections } from './home.ts';
import { parseTags } from './list-query.ts';
import { listPrompts } from './lists.ts';
import { findPrompt, findPromptArt, findPromptId, parsePromptRef } from './prompt-lookup.ts';
import { recommendedPrompts } from './recommended.ts';
import { relatedPrompts } from './related.ts';
import {
  CardsResponse,
  DetailQuerySchema,
  HomeResponse,
  ImageParamsSchema,
  ImageQuerySchema,
  ListQuerySchema,
  PageQuerySchema,
  PromptDetailResponse,
  PromptPageResponse,
  RecommendedResponse,
  RelatedQuerySchema,
} from './schemas.ts';

export interface CatalogOptions {
  db: Db;
  images: ImageCache;
  /** Anonymous answers, kept (server/http/answer-cache.ts); default: a cache of its own. */
  answers?: AnswerCache;
  /** Where a detail call counts its view (written in batches); default: a counter of its own. */
  views?: ViewCounter;
}

/**
 * Changes whenever the renderer's source (any file of server/images/: scenes, subjects, compositions)
 * changes, so cached images of an older renderer are not reused.
 */
const RENDERER_VERSION = (() => {
  try {
    const dir = join(import.meta.dirname, '../images');
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .sort();
    return sha1(files.map((name) => readFileSync(join(dir, name), 'utf8')).join('\0')).slice(0, 8);
  } catch {
    return 'unknown';
  }
})();

/**
 * The image query: `size`, and `w`, one of the card widths of domain/card-image.ts written exactly as the
 * storefront writes it (a string enum: no `0288` or `2.88e2` aliases of the same file, and no other width
 * is ever rendered). Anything else is a 400 envelope from the schema.
 */
const CardImageQuerySchema = Type.Object({
  ...ImageQuerySchema.properties,
  w: Type.Optional(
    Type.Unsafe<`${CardImageWidth}`>({
      type: 'string',
      enum: CARD_IMAGE_WIDTHS.map(String),
      description: 'Width of the card image in px (4:3), for srcset; without it 480. Not with size=full',
    }),
  ),
});

/** A size of a stored image file: its full or card WebP, or another card width made from the full one. */
async function storedImage(
  db: Db,
  file: string,
  variant: string,
  width: number,
  height: number,
): Promise<Buffer> {
  const stored = await readImageFile(db, file, variant === 'full' || variant !== 'card' ? 'full' : 'card');
  if (stored === null) throw notFound('Image not found');
  if (variant === 'full' || variant === 'card') return stored;
  return sharp(stored).resize(width, height, { fit: 'cover' }).webp({ quality: 78, effort: 4 }).toBuffer();
}

export async function catalogRoutes(
  fastify: FastifyInstance,
  { db, images, answers = new AnswerCache(), views = new ViewCounter(db) }: CatalogOptions,
): Promise<void> {
  cardRoutes(fastify, db, answers);
  detailRoute(fastify, db, answers, views);
  imageRoute(fastify, db, images);
}

/** The calls that answer cards: the list (and search), the home shelves, recommendations, related prompts. */
function cardRoutes(fastify: FastifyInstance, db: Db, answers: AnswerCache): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/prompts',
    {
      schema: {
        summary:
          'A page of prompt cards (never template text): filters, sort, search (q: ranked, with match ' +
          "highlights, suggestions when nothing matches), saved=1 for the caller's saved prompts",
        querystring: ListQuerySchema,
        response: { 200: PromptPageResponse },
      },
      // saved=1 is about the caller: the 401 of /api/my/... without a valid token.
      preHandler: async (request, reply) =>
        request.query.saved === 1 ? fastify.requireUser(request, reply) : undefined,
    },
    async (request, reply) => {
      const q = request.query;
      const list = async () =>
        ok(
          await listPrompts(db, {
            grade: (q.grade ?? null) as Grade | null,
            generatorType: (q.type ?? null) as GeneratorType | null,
            tags: parseTags(q.tags),
            sort: q.sort ?? null,
            page: q.page ?? 1,
            pageSize: q.pageSize ?? 24,
            userId: request.user?.id ?? null,
            q: q.q ?? null,
            saved: q.saved === 1,
          }),
        );
      return sharedJson(answers, request, reply, list);
    },
  );

  app.get(
    '/api/prompts/home',
    {
      schema: {
        summary: 'The home page shelves: trending, newest, free and one per generator, 8 cards each',
        response: { 200: HomeResponse },
      },
    },
    async (request, reply) =>
      sharedJson(answers, request, reply, async () =>
        ok({ sections: await homeSections(db, request.user?.id ?? null) }),
      ),
  );

  app.get(
    '/api/prompts/recommended',
    {
      schema: {
        summary:
          'Recommendations: personal (by the tags and generators of what the caller bought, saved and ' +
          'viewed, without those) for a signed-in caller with a history, else by popularity',
        querystring: PageQuerySchema,
        response: { 200: RecommendedResponse },
      },
    },
    async (request, reply) =>
      sharedJson(answers, request, reply, async () =>
        ok(
          await recommendedPrompts(db, {
            userId: request.user?.id ?? null,
            page: request.query.page ?? 1,
            pageSize: request.query.pageSize ?? 24,
          }),
        ),
      ),
  );

  app.get(
    '/api/prompts/related',
    {
      schema: {
        summary: 'Eight prompts sharing tags and generator with the given one (never itself)',
        querystring: RelatedQuerySchema,
        response: { 200: CardsResponse },
      },
    },
    async (request, reply) =>
      sharedJson(answers, request, reply, async () => {
        const ref = parsePromptRef(request.query.id);
        const id = ref === null ? null : await findPromptId(db, ref);
        if (id === null) throw notFound('Prompt not found');
        return ok({ data: await relatedPrompts(db, id, request.user?.id ?? null) });
      }),
  );
}

/** The detail of one prompt; every call counts a view. */
function detailRoute(fastify: FastifyInstance, db: Db, answers: AnswerCache, views: ViewCounter): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/prompts/detail',
    {
      schema: {
        summary: 'One prompt by numeric id or slugId; the template only for callers with access',
        querystring: DetailQuerySchema,
        response: { 200: PromptDetailResponse },
      },
    },
    async (request, reply) => {
      const userId = request.user?.id ?? null;
      const detail = async () => {
        const ref = parsePromptRef(request.query.id);
        const prompt = ref === null ? null : await findPrompt(db, ref, userId);
        if (prompt === null) throw notFound('Prompt not found');
        return ok({ data: prompt, promptDetail: prompt.promptDetail });
      };
      // Every GET counts a view, whether its answer was kept or made.
      return sharedJson(answers, request, reply, detail, {
        metaOf: (value) => value.extend.data.id,
        onServe: (id) => views.record(id as number, userId),
      });
    },
  );
}

/** A prompt's example images (WebP): drawn from its art or made from its stored files, cached, immutable. */
function imageRoute(fastify: FastifyInstance, db: Db, images: ImageCache): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/images/prompts/:id/:n.webp',
    {
      schema: {
        summary: 'A generated example image of a prompt (WebP); the card image in a few widths (?w=)',
        params: ImageParamsSchema,
        querystring: CardImageQuerySchema,
      },
    },
    async (request, reply) => {
      const { id, n } = request.params;
      const size = request.query.size ?? 'card';
      const w = request.query.w === undefined ? null : Number(request.query.w);
      if (w !== null && size === 'full') {
        throw new ApiError(400, "Invalid query parameter 'w': only for card images, not with size=full", {
          field: 'w',
        });
      }
      const prompt = await findPromptArt(db, id);
      if (prompt === null || n >= prompt.imageCount) throw notFound('Image not found');
      const card = IMAGE_SIZES.card;
      const { width, height } =
        w === null || w === card.width
          ? IMAGE_SIZES[size]
          : { width: w, height: Math.round((w * card.height) / card.width) };
      // The 480 px card keeps its key (and ETag) whether asked for with ?w=480 or without.
      const variant = size === 'full' ? 'full' : width === card.width ? 'card' : `card${width}`;
      // An imported prompt shows its stored image files (migration 011), kept by file and size.
      const file = prompt.files[n];
      const key =
        file === undefined
          ? `${id}-${n}-${variant}-${sha1(JSON.stringify([prompt.art, prompt.generatorType])).slice(0, 12)}-${RENDERER_VERSION}`
          : `file-${file}-${variant}`;
      const etag = `"${sha1(key).slice(0, 20)}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .type('image/webp');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
        return reply.code(304).send();
      }
      const bytes = await images.get(key, () =>
        file === undefined
          ? renderPromptImage(prompt.art, n, width, height, prompt.generatorType)
          : storedImage(db, file, variant, width, height),
      );
      return reply.send(bytes);
    },
  );
}

// The catalog on the operator API (docs/decisions/012-operator-api.md, docs/catalog-format.md), used by
// `npm run catalog`: upload an image, import lines, export the catalog (and download its image files),
// hide, show and price a prompt by slug; and the exchange's offers (offer-routes.ts). Every route runs
// operatorGuard (403 when OPERATOR_TOKEN is unset, 401 for a wrong token, 429 after too many wrong ones). A
// catalog change calls catalogChanges.changed(), so kept answers (here and, on PostgreSQL, in the other
// processes) are dropped at once.
import { readImageFile } from '../catalog/image-files.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { registerRateLimit, type Limit } from '../auth/rate-limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError, EnvelopeSchema, notFound, ok } from '../http/envelope.ts';
import { LIMITS } from './catalog-format.ts';
import {
  exportCatalog,
  ImageRefused,
  IMPORT_BATCH_LINES,
  importCatalog,
  MAX_IMAGE_BYTES,
  setHidden,
  setPrice,
  storeImage,
  type Price,
} from './catalog-import.ts';
import { operatorGuard } from './guard.ts';
import { offerRoutes } from './offer-routes.ts';

export { IMPORT_BATCH_LINES };

export interface OperatorCatalogOptions {
  db: Db;
  config: Pick<Config, 'operatorToken'>;
  failures?: Limit;
}

/** The most lines one import takes (a bigger catalog is imported in parts). */
export const MAX_IMPORT_LINES = 20_000;
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
/** The most file names an import's images map may hold, and the most characters of names and hashes. */
export const MAX_IMPORT_IMAGES = 50_000;
export const MAX_IMPORT_IMAGES_CHARS = 8 * 1024 * 1024;

const Sha = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'sha256, lowercase hex' });
const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: LIMITS.slug }) });
const ChangedResponse = EnvelopeSchema(Type.Object({ slug: Type.String(), changed: Type.Boolean() }));

export async function operatorCatalogRoutes(
  fastify: FastifyInstance,
  options: OperatorCatalogOptions,
): Promise<void> {
  const { db, config } = options;
  await registerRateLimit(fastify);
  // onRequest: a caller without the token is refused before its body is read or validated
  fastify.addHook('onRequest', operatorGuard(config, fastify, options.failures));
  const app = typed(fastify);
  const changed = (): void => {
    if (fastify.hasDecorator('catalogChanges')) fastify.catalogChanges.changed();
  };

  const context = { app, db, changed };
  await imageRoutes(context);
  fileRoutes(context);
  promptRoutes(context);
  offerRoutes(app, db);
}

const typed = (fastify: FastifyInstance) => fastify.withTypeProvider<TypeBoxTypeProvider>();
/** The operator routes' typed app (behind the guard). */
export type OperatorApp = ReturnType<typeof typed>;

/** What the operator's catalog calls share: the typed app, the database, and "the catalog changed". */
interface CatalogContext {
  app: OperatorApp;
  db: Db;
  changed: () => void;
}

/** Stored images: uploaded by their bytes (raw bodies only), and downloaded by their sha256. */
async function imageRoutes({ app, db }: CatalogContext): Promise<void> {
  // Uploads: only raw bytes are parsed in this context.
  await app.register(async (child: FastifyInstance) => {
    child.addContentTypeParser(
      /^(application\/octet-stream|image\/[\w.+-]+)$/,
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    child.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new ApiError(413, `An image may have at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
      }
      throw error;
    });
    child.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/operator/catalog/images',
      {
        bodyLimit: MAX_IMAGE_BYTES,
        schema: {
          summary:
            'Upload one image file (its bytes as the body, application/octet-stream or image/*): checked by ' +
            'its bytes, re-encoded to WebP 960x720 and 480x360, kept under the sha256 of that WebP: the same ' +
            'picture again, in these or other bytes, answers the stored key with written: false. 422 not a ' +
            'usable image',
          response: {
            200: EnvelopeSchema(Type.Object({ sha256: Sha, written: Type.Boolean() })),
          },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) {
          throw new ApiError(415, 'Send the image file itself as application/octet-stream or image/*');
        }
        try {
          return ok(await storeImage(db, body));
        } catch (error) {
          if (error instanceof ImageRefused) throw new ApiError(422, error.message);
          throw error;
        }
      },
    );
  });

  app.get(
    '/api/operator/catalog/images/:sha256',
    {
      schema: {
        summary: 'The full-size WebP of a stored image file (what an export writes as <sha256>.webp)',
        params: Type.Object({ sha256: Sha }),
      },
    },
    async (request, reply) => {
      const bytes = await readImageFile(db, request.params.sha256, 'full');
      if (bytes === null) throw notFound('Image file not found');
      return reply.type('image/webp').send(bytes);
    },
  );
}

/** An import's images map within its limits: 400 beyond its count, 413 beyond its size. */
function checkImagesMap(images: Record<string, string>): void {
  const names = Object.keys(images);
  if (names.length > MAX_IMPORT_IMAGES) {
    const count = (n: number): string => n.toLocaleString('en-US');
    throw new ApiError(
      400,
      `The images map may name at most ${count(MAX_IMPORT_IMAGES)} files (it names ${count(names.length)}); ` +
        'import a bigger catalog in parts',
      { field: 'images' },
    );
  }
  let chars = 0;
  for (const name of names) chars += name.length + images[name]!.length;
  if (chars > MAX_IMPORT_IMAGES_CHARS) {
    throw new ApiError(
      413,
      `The images map may hold at most ${MAX_IMPORT_IMAGES_CHARS / 1024 / 1024} MB of file names and hashes; ` +
        'import a bigger catalog in parts',
      { field: 'images' },
    );
  }
}

/** The catalog as lines: imported (a dry run, or in batches of IMPORT_BATCH_LINES) and exported. */
function fileRoutes({ app, db, changed }: CatalogContext): void {
  app.post(
    '/api/operator/catalog/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary:
          'Import catalog lines (docs/catalog-format.md): every line is checked; any error: 400 with every ' +
          'error ({ line, field, why }) and nothing written; else new slugs are added and changed ones ' +
          `updated, ${IMPORT_BATCH_LINES} lines a transaction, letting other requests through between ` +
          'them. images maps the lines\u2019 file names to the sha256 of their bytes or the key their upload ' +
          `answered (uploaded first): at most ${MAX_IMPORT_IMAGES} names (else 400) and ` +
          `${MAX_IMPORT_IMAGES_CHARS / 1024 / 1024} MB of names and hashes (else 413). dryRun: only count`,
        body: Type.Object({
          lines: Type.Array(Type.Unknown(), { maxItems: MAX_IMPORT_LINES }),
          lineNumbers: Type.Optional(
            Type.Array(Type.Integer({ minimum: 1 }), {
              maxItems: MAX_IMPORT_LINES,
              description: 'file line of each',
            }),
          ),
          images: Type.Optional(Type.Record(Type.String(), Type.String())),
          dryRun: Type.Optional(Type.Boolean()),
        }),
        response: {
          200: EnvelopeSchema(
            Type.Object({
              added: Type.Integer(),
              changed: Type.Integer(),
              unchanged: Type.Integer(),
              imagesWritten: Type.Integer(),
              dryRun: Type.Boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { lines, lineNumbers, images = {}, dryRun = false } = request.body;
      if (lineNumbers !== undefined && lineNumbers.length !== lines.length) {
        throw new ApiError(400, 'lineNumbers must give one number per line', { field: 'lineNumbers' });
      }
      checkImagesMap(images);
      // The kept answers are dropped once the import ends, also when it fails after a batch was written
      // (dropping them after each batch would make every search in between start cold).
      let wrote = false;
      const answer = await importCatalog(
        db,
        { lines, images, dryRun, ...(lineNumbers ? { lineNumbers } : {}) },
        { afterBatch: () => (wrote = true) },
      ).finally(() => {
        if (wrote) changed();
      });
      if ('errors' in answer) {
        const n = answer.errors.length;
        throw new ApiError(400, `The catalog has ${n} error${n === 1 ? '' : 's'}: nothing was imported`, {
          errors: answer.errors.slice(0, 1000),
        });
      }
      return ok(answer.result);
    },
  );

  app.get(
    '/api/operator/catalog/export',
    {
      schema: {
        summary:
          'Every prompt (hidden ones too) as catalog lines; stored images are named <sha256>.webp (download ' +
          'them from /api/operator/catalog/images/:sha256), drawn ones are given as art and drawnImages',
        response: { 200: EnvelopeSchema(Type.Object({ lines: Type.Array(Type.Unknown()) })) },
      },
    },
    async () => ok({ lines: await exportCatalog(db) }),
  );
}

/** One prompt by its slug: hidden, shown again, priced. */
function promptRoutes({ app, db, changed }: CatalogContext): void {
  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    app.post(
      `/api/operator/catalog/prompts/:slug/${action}`,
      {
        schema: {
          summary: hidden
            ? 'Hide a prompt: out of every public list, search, shelf and sitemap, and its detail answers 404'
            : 'Show a hidden prompt again',
          params: SlugParams,
          response: { 200: ChangedResponse },
        },
      },
      async (request) => {
        const { slug } = request.params;
        const result = await setHidden(db, slug, hidden);
        if (result === null) throw notFound(`No prompt with the slug "${slug}"`);
        if (result) changed();
        return ok({ slug, changed: result });
      },
    );
  }

  const Amount = Type.Integer({ minimum: 1, maximum: LIMITS.price });
  app.post(
    '/api/operator/catalog/prompts/:slug/price',
    {
      schema: {
        summary:
          'Set a prompt\u2019s price: { fruit: N } FruitCoins, { cents: N } (premium), or { free: true }',
        params: SlugParams,
        body: Type.Object({
          fruit: Type.Optional(Amount),
          cents: Type.Optional(Amount),
          free: Type.Optional(Type.Literal(true)),
        }),
        response: { 200: ChangedResponse },
      },
    },
    async (request) => {
      const { slug } = request.params;
      const { fruit, cents, free } = request.body;
      const given = [fruit, cents, free].filter((v) => v !== undefined).length;
      if (given !== 1) throw new ApiError(400, 'Give exactly one of fruit, cents or free', { field: 'body' });
      const price: Price =
        fruit !== undefined ? { grade: 1, fruit } : cents !== undefined ? { grade: 2, cents } : { grade: 0 };
      const result = await setPrice(db, slug, price);
      if (result === null) throw notFound(`No prompt with the slug "${slug}"`);
      if (result) changed();
      return ok({ slug, changed: result });
    },
  );
}

// Search engines and link previews: GET /api/seo/metadata (requirements §7), the storefront pages with their
// metadata written into the shell's <head> (/, /recommended, /category, /category/*, /search?q=,
// /detail/{slugId}, /detail_{id}.html), GET /sitemap.xml and GET /robots.txt.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PageDeclaration } from '../../domain/page-declaration.ts';
import { DECLARED_PAGES } from '../../domain/pages.gen.ts';
import { CATEGORY_DEFS } from '../catalog/categories.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ViewCounter } from '../catalog/view-counts.ts';
import { AnswerCache, sharedJson, sharedPage, type Produced } from '../http/answer-cache.ts';
import { EnvelopeSchema, notFound, ok } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';
import { HTML, sharedHtml, shellReader } from './spa.ts';
import { renderHead } from '../seo/head.ts';
import type { ShellRenderer } from '../render/ssr.ts';
import { buildSeo, notFoundSeo, PAGE_TYPES, type SeoRequest } from '../seo/metadata.ts';

export interface PageRouteOptions {
  db: Db;
  config: Pick<Config, 'publicOrigin'>;
  /** The built SPA whose index.html gets the metadata; null: no page rendering. */
  distDir: string | null;
  /** Renders each page's content into the shell (server/render/ssr.ts); null: the shell alone. */
  render?: ShellRenderer | null;
  /** The anonymous answers kept (metadata, sitemaps, rendered pages); default: a cache of its own. */
  answers?: AnswerCache;
  /** Where a rendered prompt page counts its view; default: a counter of its own. */
  views?: ViewCounter;
}

const SeoDataSchema = Type.Object({
  metaTitle: Type.String(),
  metaDescription: Type.String(),
  metaKeywords: Type.String(),
  ogTitle: Type.String(),
  ogDescription: Type.String(),
  ogImage: Type.String({ description: 'Absolute URL of an image the server renders' }),
  twitterCard: Type.String(),
  schemaJson: Type.String({ description: 'JSON-LD (schema.org) as a string' }),
  canonicalUrl: Type.String(),
});

const NOT_FOUND: Record<SeoRequest['pageType'], string> = {
  HOME: 'Page not found',
  CATEGORY: 'Category not found',
  DETAIL: 'Prompt not found',
  SEARCH: 'Page not found',
};

/** Sitemaps hold at most 50,000 addresses; a bigger catalog gets a sitemap index. */
export const SITEMAP_CHUNK = 45_000;
const STATIC_PATHS = ['/', ...CATEGORY_DEFS.map((c) => c.path), '/terms', '/privacy'];

/** Paths search engines should not crawl (robots.txt): the API (but its images) and private pages. */
const DISALLOWED = [
  '/api/',
  '/cart',
  '/orders',
  '/order-detail/',
  '/messages',
  '/profile',
  '/settings',
  '/fruit-transactions',
  '/coupons',
  '/exchange-coupons',
  '/buy-fruitcoins',
  '/paiddetail-',
  '/pendingdetail-',
  '/verifyemail-',
  '/social-callback',
  '/auth/',
  '/dev-idp/',
  '/s/',
  '/ps/',
  // the private pages that declare themselves in their route files (domain/pages.gen.ts)
  ...Object.entries(DECLARED_PAGES as Record<string, PageDeclaration>)
    .filter(([, page]) => page.private || page.noindex)
    .map(([path]) => path),
];

const xml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const firstString = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';

/** requirements §7: a slug detail's reference is the number after the last hyphen, else the whole slug. */
const detailReference = (slugId: string): string => /-(\d+)$/.exec(slugId)?.[1] ?? slugId;

export async function pageRoutes(fastify: FastifyInstance, options: PageRouteOptions): Promise<void> {
  const { db } = options;
  const answers = options.answers ?? new AnswerCache();
  const origin = options.config.publicOrigin;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/seo/metadata',
    {
      schema: {
        summary: 'The metadata of a storefront page (camelCase fields), built from the catalog',
        querystring: Type.Object({
          pageType: Type.Enum([...PAGE_TYPES]),
          referenceId: Type.Optional(
            Type.String({
              maxLength: 300,
              pattern: NO_NUL,
              description:
                'CATEGORY: free_prompts, fruit_prompts, pay_prompts (empty: all); DETAIL: prompt id, or the ' +
                'number after the last hyphen of a slugId, or a slug; SEARCH: the search text; HOME: empty ' +
                'or recommended',
            }),
          ),
          language: Type.Optional(
            Type.String({ pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$', default: 'en' }),
          ),
        }),
        response: { 200: EnvelopeSchema(Type.Object({ data: SeoDataSchema })) },
      },
    },
    async (request, reply) =>
      sharedJson(answers, request, reply, async () => {
        const { pageType, referenceId, language } = request.query;
        const seo = await buildSeo(db, origin, {
          pageType,
          referenceId: referenceId ?? '',
          language: (language ?? 'en').toLowerCase(),
        });
        if (seo === null) throw notFound(NOT_FOUND[pageType]);
        return ok({ data: seo.data });
      }),
  );

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      // Link previews fetch the og:image from here.
      'Allow: /api/images/',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(lines.join('\n'));
  });

  const urlset = (entries: { loc: string; lastmod?: string }[]): string =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (e) => `  <url><loc>${xml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
  const staticEntries = () => STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` }));
  const promptEntries = async (chunk: number) => {
    const rows = await db.query<{ slug: string; sort_id: number; updated_at: Date }>(
      `SELECT slug, sort_id, updated_at FROM prompts WHERE NOT hidden ORDER BY id LIMIT ${SITEMAP_CHUNK} OFFSET ${chunk * SITEMAP_CHUNK}`,
    );
    return rows.map((r) => ({
      loc: `${origin}/detail/${r.slug}-${r.sort_id}`,
      lastmod: r.updated_at.toISOString().slice(0, 10),
    }));
  };
  // Kept with the other anonymous answers (made again when the catalog changes).
  const sendXml = (request: FastifyRequest, reply: FastifyReply, make: () => Promise<string | null>) =>
    sharedPage(answers, request, reply, `xml ${request.url}`, async () => {
      const body = await make();
      return body === null
        ? { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found' }
        : { status: 200, type: 'application/xml; charset=utf-8', body };
    });

  app.get('/sitemap.xml', async (request, reply) =>
    sendXml(request, reply, async () => {
      const { count } = await db.one<{ count: number }>(
        'SELECT count(*)::integer AS count FROM prompts WHERE NOT hidden',
      );
      if (count <= SITEMAP_CHUNK) return urlset([...staticEntries(), ...(await promptEntries(0))]);
      const parts = [
        'pages',
        ...Array.from({ length: Math.ceil(count / SITEMAP_CHUNK) }, (_, i) => `prompts-${i + 1}`),
      ];
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...parts.map((p) => `  <sitemap><loc>${xml(`${origin}/sitemap-${p}.xml`)}</loc></sitemap>`),
        '</sitemapindex>',
        '',
      ].join('\n');
    }),
  );

  app.get<{ Params: { name: string } }>('/sitemap-:name.xml', async (request, reply) =>
    sendXml(request, reply, async () => {
      const { name } = request.params;
      if (name === 'pages') return urlset(staticEntries());
      const chunk = /^prompts-([1-9]\d{0,3})$/.exec(name);
      const entries = chunk ? await promptEntries(Number(chunk[1]) - 1) : [];
      return entries.length === 0 ? null : urlset(entries);
    }),
  );

  if (options.distDir !== null) registerPages(fastify, { ...options, answers, distDir: options.distDir });
}

/** The SPA shell with each page's metadata in <head>; an unknown prompt or category answers 404. */
function registerPages(
  fastify: FastifyInstance,
  options: PageRouteOptions & { distDir: string; answers: AnswerCache },
): void {
  const { db, answers } = options;
  const views = options.views ?? new ViewCounter(db);
  const origin = options.config.publicOrigin;
  const shell = shellReader(options.distDir);

  // kept per address and member hint (spa.ts sharedHtml)
  const page = async (request: FastifyRequest, reply: FastifyReply, seoRequest: SeoRequest | null) => {
    const make = async (hold: (html: string) => string): Promise<Produced> => {
      const template = await shell();
      const seo = seoRequest === null ? null : await buildSeo(db, origin, seoRequest);
      const plain = renderHead(template, seo ?? notFoundSeo());
      const headed = hold(plain);
      const rendered = options.render ? await options.render(request.url, headed) : null;
      const status = seo === null ? 404 : (rendered?.status ?? 200);
      // rendering failed: the shell goes, and the page is rendered again next time
      const failed = options.render !== undefined && options.render !== null && rendered === null;
      return {
        status,
        type: HTML,
        body: rendered?.html ?? headed,
        keep: !failed,
        meta: rendered?.promptId ?? null,
      };
    };
    try {
      return await sharedHtml(
        answers,
        request,
        reply,
        make,
        // a prompt's page counts a view each time it is sent, kept or made (the browser's detail machine
        // starts from the page and does not ask the detail call, which would count it)
        (promptId) => {
          if (typeof promptId === 'number') views.record(promptId, null);
        },
      );
    } catch (error) {
      // The page still works without its metadata: the SPA applies its own defaults.
      request.log.error({ err: error }, 'page metadata failed');
      return reply
        .header('cache-control', 'no-cache')
        .type(HTML)
        .send(await shell());
    }
  };
  const pageOf = (pageType: SeoRequest['pageType'], referenceId: string): SeoRequest => ({
    pageType,
    referenceId,
    language: 'en',
  });

  fastify.get('/', (req, reply) => page(req, reply, pageOf('HOME', '')));
  fastify.get('/recommended', (req, reply) => page(req, reply, pageOf('HOME', 'recommended')));
  fastify.get('/category', (req, reply) =>
    page(req, reply, pageOf('CATEGORY', firstString((req.query as Record<string, unknown>).id))),
  );
  fastify.get<{ Params: { id: string } }>('/category/:id', (req, reply) =>
    page(req, reply, pageOf('CATEGORY', req.params.id)),
  );
  fastify.get('/search', (req, reply) =>
    page(req, reply, pageOf('SEARCH', firstString((req.query as Record<string, unknown>).q))),
  );
  fastify.get<{ Params: { slugId: string } }>('/detail/:slugId', (req, reply) =>
    page(req, reply, req.params.slugId ? pageOf('DETAIL', detailReference(req.params.slugId)) : null),
  );
  fastify.get<{ Params: { id: string } }>('/detail_:id.html', (req, reply) =>
    page(req, reply, /^\d{1,10}$/.test(req.params.id) ? pageOf('DETAIL', req.params.id) : null),
  );
}

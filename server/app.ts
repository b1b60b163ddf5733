// The HTTP application: plugins in order (compression, security headers, auth, error handling, API routes,
// the static SPA), every answer an envelope (requirements §C2). Built without listening, so tests drive it
// with inject().
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { accountPlugin, type AccountRateLimits } from './account/index.ts';
import { registerAuth } from './auth/plugin.ts';
import type { AuthRateLimits } from './auth/rate-limits.ts';
import { authRoutes, type AuthRoutesOptions } from './auth/routes.ts';
import { cartCountRoute } from './cart/count-route.ts';
import { commercePlugin } from './commerce/index.ts';
import { categoryRoutes } from './catalog/categories.ts';
import { favoritesRoutes } from './catalog/favorites-routes.ts';
import { diskImageStore, ImageCache, type ImageStore } from './catalog/image-cache.ts';
import { CatalogChanges, shareCatalogChanges } from './catalog/changes.ts';
import { clearListTotals } from './catalog/list-totals.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { clearSearchMemo } from './catalog/search-words.ts';
import { ViewCounter } from './catalog/view-counts.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { AnswerCache, type AnswerCacheOptions } from './http/answer-cache.ts';
import { RateStore } from './http/rate-store.ts';
import { ApiError, EnvelopeSchema, fail, ok } from './http/envelope.ts';
import {
  clientErrorAnswer,
  FRAMEWORK_ERRORS,
  frameworkErrors,
  MAX_PARAM_LENGTH,
  registerErrorHandler,
} from './http/errors.ts';
import { devLogStream, logRequestsBriefly } from './http/dev-log.ts';
import { registerHostGuard } from './http/host-guard.ts';
import { collectOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders, resourceHeaders } from './http/security.ts';
import { registerCacheHeaders } from './http/cache-headers.ts';
import { registerFeatures } from './features.ts';
import { BotCheck } from './bot-check/bot-check.ts';
import { databaseKeys } from './auth/signing-keys.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import { devOutboxRoutes } from './mail/routes.ts';
import { operatorCatalogRoutes } from './operator/catalog-routes.ts';
import { operatorSupportRoutes } from './operator/support-routes.ts';
import { pageRoutes } from './pages/routes.ts';
import { shareRoutes, type ShareLimit } from './share/routes.ts';
import { isApiPath, registerSpa, sendSpaShell, shellReader } from './pages/spa.ts';
import { loadRenderer, shellRenderer, type RenderPage } from './render/ssr.ts';
import { routeStyles } from './render/styles.ts';

export const BODY_LIMIT = 1024 * 1024;
export const DEFAULT_DIST_DIR = join(import.meta.dirname, '..', 'dist');

export interface AppOptions {
  db: Db;
  config: Config;
  logger?: boolean;
  /** The built SPA; default <project>/dist; null serves the API only. */
  distDir?: string | null;
  /** Where rendered images are kept; default $DATA_DIR/cache/images on disk. */
  imageStore?: ImageStore;
  /** Outgoing mail; default the development outbox, or SMTP when SMTP_URL is set. */
  mailer?: Mailer;
  /** Sign-in options: rate limits (tests lower or raise them), Google client overrides (tests). */
  auth?: { rateLimits?: Partial<AuthRateLimits>; google?: AuthRoutesOptions['google'] };
  /**
   * Write each storefront page's metadata (title, description, canonical, Open Graph, JSON-LD) into the
   * <head> of the SPA shell, and answer 404 for an unknown prompt's page. server/main.ts turns it on; off,
   * every client route gets index.html as built.
   */
  pageMetadata?: boolean;
  /**
   * Renders pages on the server (server/render/ssr.ts): default the built renderer in dist-ssr/ when page
   * metadata is on; null: the shell alone, rendered in the browser.
   */
  renderer?: RenderPage | null;
  /** Anonymous share links per client IP (default 30 per 10 minutes). */
  share?: { anonymousPerIp?: ShareLimit };
  /** The account area's rate limits (support requests, password changes, avatars); tests lower them. */
  account?: { rateLimits?: Partial<AccountRateLimits> };
  /**
   * The anonymous answers kept in memory (server/http/answer-cache.ts): times, size, a clock; `enabled:
   * false` makes every answer afresh (the headers stay).
   */
  answerCache?: AnswerCacheOptions;
  /** The catalog's change signal; default one of the app's own (app.catalogChanges). */
  catalogChanges?: CatalogChanges;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Fire `changed()` when prompts are added, edited or removed: the kept answers are dropped. */
    catalogChanges: CatalogChanges;
    /** The anonymous answers kept (stats for the operator, clear for tests). */
    answers: AnswerCache;
    /** Prompt views, written in batches (tests flush it before they read the counts). */
    views: ViewCounter;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  // Production: pino's JSON lines for a log collector. Development: one short text line per request
  // (server/http/dev-log.ts), so "Storefront ready" and real errors are not buried.
  const pretty = opts.logger === true && !config.production;
  const app = Fastify({
    logger: opts.logger ? (pretty ? { level: 'info', stream: devLogStream() } : { level: 'info' }) : false,
    // the development log's request lines are its own (logRequestsBriefly)
    logController: new LogController({ disableRequestLogging: pretty }),
    bodyLimit: BODY_LIMIT,
    // The ids of log lines; nothing else depends on them.
    genReqId: () => crypto.randomUUID(),
    // undecodable or over-long paths answer the envelope too, not Fastify's own error format
    frameworkErrors,
    // the HTTP parser's errors (431 over-long URL or headers, 400 malformed) too, with the security headers
    clientErrorHandler: clientErrorAnswer(resourceHeaders(config)),
    // TRUST_PROXY: whose X-Forwarded-For gives request.ip (the per-IP rate limits' key); off by default
    trustProxy: config.trustProxy ?? false,
  });

  if (pretty) logRequestsBriefly(app);
  // development: only requests naming this machine (or PUBLIC_ORIGIN's host) are answered
  registerHostGuard(app, config);
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  registerSecurityHeaders(app, { googleAvatars: config.google !== null, publicOrigin: config.publicOrigin });
  registerCacheHeaders(app); // no-store on member answers and pages, Cache-Control and Vary on 404s
  registerAuth(app, { db, jwtSecret: config.jwtSecret });
  registerErrorHandler(app);
  const openApi = collectOpenApi(app);

  healthRoutes(app, db, openApi);

  const { answers, views } = catalogState(app, opts);
  app.decorate(
    'botCheck',
    new BotCheck({
      jwtSecret: config.jwtSecret,
      keys: databaseKeys,
      store: app.rateStore,
      ...(config.botCheckCost === undefined ? {} : { cost: config.botCheckCost }),
    }),
  );

  await app.register(catalogRoutes, {
    db,
    answers,
    views,
    images: new ImageCache(opts.imageStore ?? diskImageStore(join(config.dataDir, 'cache', 'images'))),
  });

  const mailer = opts.mailer ?? createMailer(config, db);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  await app.register(authRoutes, {
    db,
    config,
    mailer,
    ...(opts.auth?.rateLimits ? { rateLimits: opts.auth.rateLimits } : {}),
    ...(opts.auth?.google ? { google: opts.auth.google } : {}),
  });
  if (config.devStandIns && mailer.kind === 'outbox') await app.register(devOutboxRoutes, { db });
  await app.register(cartCountRoute, { db });
  await app.register(commercePlugin, { db, config });
  await app.register(accountPlugin, { db, config, mailer, rateLimits: opts.account?.rateLimits ?? {} });
  await app.register(favoritesRoutes, { db });
  await app.register(categoryRoutes, { db, answers });
  await app.register(shareRoutes, {
    db,
    config,
    ...(opts.share?.anonymousPerIp ? { limit: opts.share.anonymousPerIp } : {}),
  });
  await app.register(operatorSupportRoutes, { db, config, mailer });
  await app.register(operatorCatalogRoutes, { db, config });
  await registerFeatures(app, { db, config, mailer });

  apiFallback(app);

  const distDir = opts.distDir === undefined ? DEFAULT_DIST_DIR : opts.distDir;
  const spa = await registerSpa(app, distDir);
  const renderPage =
    spa && opts.pageMetadata ? (opts.renderer === undefined ? await loadRenderer() : opts.renderer) : null;
  // the stylesheets a rendered page links come from the same build as its shell
  const render =
    renderPage && distDir !== null
      ? shellRenderer(renderPage, db, config.publicOrigin, app.log, routeStyles(distDir))
      : null;
  // a rendered prompt page counts a view each time it is sent, kept or made (server/pages/routes.ts)
  await app.register(pageRoutes, {
    db,
    config,
    distDir: spa && opts.pageMetadata ? distDir : null,
    render,
    answers,
    views,
  });

  const shell = spa && distDir !== null ? shellReader(distDir) : null;
  app.setNotFoundHandler((request, reply) => {
    if (shell && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return sendSpaShell(request, reply, shell, render, answers);
    }
    return reply.status(404).send(fail(isApiPath(request.url) ? 'No such API endpoint' : 'Not found'));
  });

  return app;
}

/** GET /api/health (the process and its database) and GET /api/openapi.json (made from the routes' schemas). */
function healthRoutes(app: FastifyInstance, db: Db, openApi: () => unknown): void {
  const healthSchema = {
    summary: 'Liveness and database check',
    response: {
      200: EnvelopeSchema(
        Type.Object({ status: Type.Literal('ok'), database: Type.String(), time: Type.String() }),
      ),
    },
  };
  app.get('/api/health', { schema: healthSchema }, async () => {
    try {
      await db.query('SELECT 1');
    } catch {
      throw new ApiError(503, 'Database unavailable', { status: 'degraded', database: db.kind });
    }
    return ok({ status: 'ok', database: db.kind, time: new Date().toISOString() });
  });
  app.get('/api/openapi.json', async () => openApi());
}

/**
 * What the catalog keeps and counts for every route, decorated on the app: the anonymous answers, the
 * catalog's changes (shared with other processes on PostgreSQL), prompt views and the rate limits' store.
 */
function catalogState(app: FastifyInstance, opts: AppOptions): { answers: AnswerCache; views: ViewCounter } {
  const { db, config } = opts;
  const answers = new AnswerCache(opts.answerCache);
  const catalogChanges = opts.catalogChanges ?? new CatalogChanges();
  // N processes on one PostgreSQL: a change here reaches the others' caches (LISTEN/NOTIFY)
  if (db.kind === 'pg' && config.databaseUrl !== null) {
    const shared = shareCatalogChanges(catalogChanges, {
      url: config.databaseUrl,
      db,
      onError: (error, what) => app.log.error({ err: error }, what),
    });
    app.addHook('onClose', () => shared.close());
  }
  // What is kept from the catalog goes when it changes: answers, list totals, the search words' memo.
  const stopListening = catalogChanges.onChange(() => {
    answers.clear();
    clearListTotals();
    clearSearchMemo();
  });
  const views = new ViewCounter(db, {
    onError: (error, count) => app.log.error({ err: error }, `could not write ${count} prompt views`),
  });
  app.addHook('onClose', async () => {
    stopListening();
    await views.close();
  });
  // every rate limit counts in the database, shared by all processes (server/http/rate-store.ts)
  const rateStore = new RateStore(db, {
    onSweepError: (error) => app.log.error({ err: error }, 'could not sweep expired rate limits'),
  });
  app.addHook('onClose', async () => rateStore.close());
  app.decorate('rateStore', rateStore);
  app.decorate('catalogChanges', catalogChanges);
  app.decorate('answers', answers);
  app.decorate('views', views);
  return { answers, views };
}

/**
 * An /api/ address no route takes is the API's own answer, before the static files' catch-all can see it
 * (which would answer an odd spelling such as `//` with its 403, or `/api/..` with a page): 414 when a
 * part of it is longer than a path parameter may be (the route would have taken it otherwise), else 404.
 */
function apiFallback(app: FastifyInstance): void {
  app.all('/api/*', async (request, reply) => {
    const tooLong = request.url
      .split('?')[0]!
      .split('/')
      .some((part) => part.length > MAX_PARAM_LENGTH);
    const { status, msg } = tooLong
      ? FRAMEWORK_ERRORS.FST_ERR_MAX_PARAM_LENGTH!
      : { status: 404, msg: 'No such API endpoint' };
    return reply.status(status).send(fail(msg));
  });
}

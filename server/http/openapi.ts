// The API's one reference document: OpenAPI 3.1 generated from the route schemas (GET /api/openapi.json).
// Each operation lists its 200 and every failure it can answer, each with the failure envelope's schema
// (server/http/error-statuses.ts says which, from the route's declaration and its handler's code).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { FAILURE_SCHEMAS, isGuarded, responseOf, statusesOf, SUCCESS_MEDIA } from './error-statuses.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

interface Collected {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  /** The statuses besides 200 (error-statuses.ts statusesOf). */
  statuses: number[];
  /** Needs a member's bearer token. */
  guarded: boolean;
}

const toOpenApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)(\([^)]*\))?/g, '{$1}');

const parametersOf = (schema: unknown, where: 'query' | 'path'): unknown[] => {
  const object = schema as JsonSchema | undefined;
  if (!object?.properties) return [];
  return Object.entries(object.properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
};

export function collectOpenApi(app: FastifyInstance): () => Record<string, unknown> {
  const routes: Collected[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    // the guard of routes that need a member (server/auth/plugin.ts), when the app has one
    const requireUser = (app as { requireUser?: unknown }).requireUser;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !route.schema) return;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: route.schema as Record<string, unknown>,
        statuses: statusesOf(route, method, requireUser),
        guarded: isGuarded(route, requireUser),
      });
    }
  });
  return () => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { method, url, schema, statuses, guarded } of routes) {
      const responses: Record<string, unknown> = {};
      for (const [status, body] of Object.entries((schema.response as Record<string, unknown>) ?? {})) {
        responses[status] = { description: 'Envelope', content: { 'application/json': { schema: body } } };
      }
      const media = SUCCESS_MEDIA[`${method.toUpperCase()} ${url}`];
      if (media !== undefined) {
        responses['200'] = {
          description: 'OK',
          content: { [media]: { schema: { type: 'string', format: 'binary' } } },
        };
      }
      responses['200'] ??= { description: 'OK' };
      for (const status of statuses) responses[String(status)] ??= responseOf(status);
      (paths[toOpenApiPath(url)] ??= {})[method] = {
        ...(typeof schema.summary === 'string' ? { summary: schema.summary } : {}),
        parameters: [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')],
        ...(schema.body ? { requestBody: { content: { 'application/json': { schema: schema.body } } } } : {}),
        ...(guarded ? { security: [{ bearer: [] }] } : {}),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: '1' },
      components: {
        schemas: FAILURE_SCHEMAS,
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      paths,
    };
  };
}

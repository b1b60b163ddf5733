// The API's one reference document: OpenAPI 3.1 generated from the route schemas (GET /api/openapi.json).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PRODUCT_NAME } from '../../domain/catalog.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

interface Collected {
  method: string;
  url: string;
  schema: Record<string, unknown>;
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
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !route.schema) return;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: route.schema as Record<string, unknown>,
      });
    }
  });
  return () => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { method, url, schema } of routes) {
      const responses: Record<string, unknown> = {};
      for (const [status, body] of Object.entries((schema.response as Record<string, unknown>) ?? {})) {
        responses[status] = { description: 'Envelope', content: { 'application/json': { schema: body } } };
      }
      if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK' };
      responses['default'] = { description: 'Error envelope { success: false, msg, extend }' };
      (paths[toOpenApiPath(url)] ??= {})[method] = {
        ...(typeof schema.summary === 'string' ? { summary: schema.summary } : {}),
        parameters: [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')],
        ...(schema.body ? { requestBody: { content: { 'application/json': { schema: schema.body } } } } : {}),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      paths,
    };
  };
}

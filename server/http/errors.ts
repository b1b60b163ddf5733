// One error handler for the whole app: every failure becomes an envelope with a fitting status. Bad input
// is a 4xx with a readable message; anything unexpected is a 500 with a generic message (logged, never a
// stack trace in the answer).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, fail } from './envelope.ts';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const PLACES: Record<string, string> = {
  querystring: 'query parameter',
  body: 'body field',
  params: 'path parameter',
  headers: 'header',
};

/** "Invalid query parameter 'pageSize': must be <= 60", "Missing body field 'email'", ... */
export function validationMessage(
  errors: readonly AjvError[],
  context: string | undefined,
): {
  msg: string;
  field: string | null;
} {
  const place = PLACES[context ?? ''] ?? 'input';
  const first = errors[0];
  if (first === undefined) return { msg: `Invalid ${place}`, field: null };
  const params = first.params ?? {};
  const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const join = (field: string): string => (path ? `${path}.${field}` : field);
  if (first.keyword === 'required' && typeof params.missingProperty === 'string') {
    const field = join(params.missingProperty);
    return { msg: `Missing ${place} '${field}'`, field };
  }
  if (first.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const field = join(params.additionalProperty);
    return { msg: `Unknown ${place} '${field}'`, field };
  }
  let message = first.message ?? 'is invalid';
  if (first.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    message = `must be one of ${params.allowedValues.map(String).join(', ')}`;
  }
  if (!path) return { msg: `Invalid ${context === 'body' ? 'body' : place}: ${message}`, field: null };
  return { msg: `Invalid ${place} '${path}': ${message}`, field: path };
}

/** SQLSTATE classes that mean the input was wrong, not the server (defence in depth behind the schemas). */
const sqlStatus = (code: unknown): number | null => {
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code.startsWith('22')) return 400; // data exception: invalid text representation, out of range...
  if (code === '23505') return 409; // unique violation
  return null;
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError & { extend?: unknown }, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        return reply.status(error.statusCode).send(fail(error.message, error.extend));
      }
      if (error.validation) {
        const { msg, field } = validationMessage(error.validation, error.validationContext);
        return reply.status(400).send(fail(msg, field === null ? {} : { field }));
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's and its plugins' client errors (malformed JSON, body too large, unsupported media type)
        // carry messages written for clients.
        return reply.status(status).send(fail(error.message || 'Bad request'));
      }
      const sql = sqlStatus(error.code);
      if (sql !== null) {
        request.log.warn({ err: error }, 'database rejected input');
        return reply.status(sql).send(fail(sql === 409 ? 'Conflict with existing data' : 'Invalid input'));
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send(fail('Internal server error'));
    },
  );
}

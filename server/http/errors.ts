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

/**
 * The `pattern` of string schemas that refuse NUL characters (U+0000): PostgreSQL text cannot hold them, so
 * without it a NUL reaches the database and fails there. Its failure reads "must not contain NUL characters".
 */
export const NO_NUL = '^[^\\u0000]*$';
/** Readable texts of named patterns, in place of Ajv's `must match pattern "..."`. */
const PATTERN_MESSAGES: Record<string, string> = { [NO_NUL]: 'must not contain NUL characters' };

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
  if (first.keyword === 'pattern' && typeof params.pattern === 'string') {
    message = PATTERN_MESSAGES[params.pattern] ?? message;
  }
  if (!path) return { msg: `Invalid ${context === 'body' ? 'body' : place}: ${message}`, field: null };
  return { msg: `Invalid ${place} '${path}': ${message}`, field: path };
}

/**
 * SQLSTATEs that mean the input was wrong, not the server: the database refused a value that the schemas and
 * handlers let through (defence in depth; tests/api/fuzz.test.ts treats these answers as findings).
 */
export const DATABASE_REJECTED: Record<string, { status: number; msg: string }> = {
  '22021': { status: 400, msg: 'Invalid input: text must not contain NUL characters' }, // character not in repertoire
  '22P02': { status: 400, msg: 'Invalid input: a value is not in the expected format' }, // invalid text representation
  '22003': { status: 400, msg: 'Invalid input: a number is out of range' }, // numeric value out of range
  '22001': { status: 400, msg: 'Invalid input: a value is too long' }, // string data right truncation
  '22': { status: 400, msg: 'Invalid input' }, // any other data exception
  '23505': { status: 409, msg: 'Conflict with existing data' }, // unique violation
};

const sqlStatus = (code: unknown): { status: number; msg: string } | null => {
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  return DATABASE_REJECTED[code] ?? (code.startsWith('22') ? DATABASE_REJECTED['22']! : null);
};

/** The router's own failures, answered before any route or hook runs. */
export const FRAMEWORK_ERRORS: Record<string, { status: number; msg: string }> = {
  // A path with a malformed percent-escape (%zz, a truncated or invalid UTF-8 sequence such as %FF).
  FST_ERR_BAD_URL: { status: 400, msg: 'Malformed URL: the path is not validly percent-encoded' },
  // A path parameter longer than the router's maxParamLength (100 characters by default).
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, msg: 'URL too long: a path parameter exceeds 100 characters' },
};

/**
 * Fastify's `frameworkErrors` option (it exists only as a constructor option: `Fastify({ frameworkErrors })`
 * in server/app.ts). Without it the router answers a malformed path or an over-long path parameter with
 * Fastify's own JSON ({ error, code, message, statusCode }) instead of the envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (known !== undefined) {
    void reply.status(known.status).send(fail(known.msg));
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send(fail('Internal server error'));
}

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
        return reply.status(sql.status).send(fail(sql.msg));
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send(fail('Internal server error'));
    },
  );
}

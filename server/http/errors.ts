// One error handler for the whole app: every failure becomes an envelope with a fitting status. Bad input
// is a 4xx with a readable message; anything unexpected is a 500 with a generic message (logged, never a
// stack trace in the answer).
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Fastify's default longest path parameter (the router's maxParamLength). */
export const MAX_PARAM_LENGTH = 100;

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

/** The path of the first number in a validated input that is not finite, or null. */
function nonFinite(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinite(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The validator's type coercion takes "Infinity", "-Infinity" and "1e999" for numbers, and passes them as
 * integers within any bounds; no field of this API takes an infinite number. Checked after validation, for
 * every route: a 400 naming the field, as a schema failure would be.
 */
function rejectNonFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = nonFinite(value, '');
      if (field !== null) {
        throw new ApiError(400, `Invalid ${PLACES[context]} '${field}': must be a finite number`, { field });
      }
    }
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  rejectNonFiniteNumbers(app);
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

/** The HTTP parser's failures (Node's `clientError`), raised before Fastify sees a request. */
export const CLIENT_ERRORS: Record<string, { status: number; msg: string }> = {
  // The request line (the URL) and headers together exceed Node's limit (16 KB by default).
  HPE_HEADER_OVERFLOW: {
    status: 431,
    msg: `Request too large: the URL and headers must stay under ${Math.floor(maxHeaderSize / 1024)} KB`,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, msg: 'Request too large: chunk extensions are too long' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, msg: 'Request timeout: the request did not arrive in time' },
};
const MALFORMED = { status: 400, msg: 'Malformed HTTP request' };

/** The raw HTTP/1.1 answer of a parser failure: the envelope, the given headers, and the connection closed. */
export function clientErrorResponse(code: string, headers: Record<string, string>): string {
  const { status, msg } = CLIENT_ERRORS[code] ?? MALFORMED;
  const body = JSON.stringify(fail(msg));
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler` option (server/app.ts): an over-long URL or header block (431), a malformed
 * request (400) or a timeout (408) is answered with the envelope and `headers` (the security headers,
 * server/http/security.ts's resourceHeaders), instead of Fastify's own JSON without them. As Node does, only
 * when no answer is already under way on the connection, which is then closed.
 */
export function clientErrorAnswer(
  headers: Record<string, string>,
): (this: FastifyInstance, error: ConnectionError, socket: Socket) => void {
  return function (this: FastifyInstance, error, socket) {
    // A reset connection, or one this handler already answered: nothing to say.
    if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
    this.log.debug({ err: error }, 'client error');
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      socket.end(clientErrorResponse(error.code, headers), () => socket.destroy());
      // a peer that reads nothing does not keep the connection
      setTimeout(() => socket.destroy(), 5000).unref();
    } else {
      socket.destroy();
    }
  };
}

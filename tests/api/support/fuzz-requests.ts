// Requests for one route: path parameters, query and body made from the route's own schemas, valid or
// broken, sent raw or malformed, with or without (valid or hostile) bearer tokens. Used by
// tests/api/fuzz.test.ts; `describe()` makes a counterexample readable in fast-check's report.
import fc from 'fast-check';
import sharp from 'sharp';
import type { FuzzRoute } from './fuzz-routes.ts';
import {
  brokenOf,
  HUGE_EMOJI,
  HUGE_OVER,
  HUGE_UNDER,
  nastyString,
  nastyValue,
  validOf,
  wrongOf,
  type Hints,
  type JsonSchema,
} from './fuzz-schema.ts';

/** Who calls: nobody, the run's valid token (minted when sent), or a literal Authorization header. */
export type AuthChoice =
  { kind: 'none' } | { kind: 'valid'; scheme: string; suffix: string } | { kind: 'header'; value: string };

export interface FuzzRequest {
  method: string;
  /** Path and query, encoded (or deliberately mis-encoded). */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  auth: AuthChoice;
}

/** One line per request, for fast-check's counterexample (huge payloads abbreviated). */
export const describe = (request: FuzzRequest): string => {
  const { payload } = request;
  const head =
    payload === undefined
      ? ''
      : typeof payload === 'string'
        ? payload.slice(0, 120)
        : payload.subarray(0, 120).toString('latin1');
  const body = payload === undefined ? '' : ` body(${payload.length}): ${JSON.stringify(head)}`;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} auth=${JSON.stringify(request.auth).slice(0, 120)}${body}`;
};

// Encoding -----------------------------------------------------------------------------------------------

/** encodeURIComponent, except that lone surrogates become the (invalid) UTF-8 bytes of a surrogate. */
export function pctEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // a lone surrogate: encoded below, one code unit at a time
  }
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(i, i + 2));
        i += 1;
        continue;
      }
    }
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%80`;
    else out += encodeURIComponent(text[i]!);
  }
  return out;
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** Query values are cut to 4096 characters (RAW_QUERIES holds the one huge query string). */
const queryText = (value: unknown): string => pctEncode(asText(value).slice(0, 4096));

/** A query string from an object (arrays repeat the key, null is a bare key); other values stand alone. */
export function queryOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return queryText(value);
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (v === null) parts.push(queryText(key));
    else if (Array.isArray(v)) for (const item of v) parts.push(`${queryText(key)}=${queryText(item)}`);
    else parts.push(`${queryText(key)}=${queryText(v)}`);
  }
  return parts.join('&');
}

/** Query strings that no encoder makes: broken escapes, invalid UTF-8, separators only, thousands of keys. */
const RAW_QUERIES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%FF%FE',
  '%C0%AF',
  'a=%00',
  '&&&==&',
  '=',
  '=x',
  '?a=1?b=2',
  'a[b]=1&a[c]=2',
  'page[]=1',
  'q=%ED%A0%80',
  '__proto__[x]=1&constructor[prototype][x]=1',
  Array.from({ length: 2000 }, (_, i) => `k${i}=${i}`).join('&'),
  `q=${'a'.repeat(200_000)}`,
];

/** Path segments that no encoder makes, inserted as they are. */
const RAW_PARAMS = [
  '',
  '%',
  '%zz',
  '%E0%A4%A',
  '%FF',
  '%C0%AF',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  'a/b',
  '%20',
  '+',
  'x'.repeat(101),
  '9'.repeat(5000),
];

// Parts --------------------------------------------------------------------------------------------------

const STRING: JsonSchema = { type: 'string' };

function paramArb(route: FuzzRoute, name: string, hints: Hints): fc.Arbitrary<string> {
  if (name === '*') {
    return fc.oneof(
      fc.array(nastyString(12), { maxLength: 4 }).map((segments) => segments.map(pctEncode).join('/')),
      fc.constantFrom(
        'assets/index-Ab12.js',
        'index.html',
        'favicon.svg',
        'assets/../index.html',
        'assets/%00',
      ),
      fc.constantFrom(...RAW_PARAMS),
    );
  }
  const schema = route.schemas?.params?.properties?.[name];
  const own = schema ? validOf(schema, hints) : nastyString(20);
  const hint = hints[name];
  const valid = (hint === undefined ? own : fc.oneof({ weight: 3, arbitrary: hint }, own)).map(asText);
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(pctEncode) },
    { weight: 2, arbitrary: wrongOf(schema ?? STRING).map((v) => pctEncode(asText(v).slice(0, 2000))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PARAMS) },
  );
}

function pathArb(route: FuzzRoute, hints: Hints): fc.Arbitrary<string> {
  if (route.params.length === 0) return fc.constant(route.url);
  return fc.tuple(...route.params.map((name) => paramArb(route, name, hints))).map((values) => {
    let i = 0;
    return route.url.replace(/:([A-Za-z_]\w*)|\*/g, () => values[i++] ?? '');
  });
}

function queryArb(route: FuzzRoute, hints: Hints): fc.Arbitrary<string> {
  const schema = route.schemas?.querystring;
  const raw = fc.constantFrom(...RAW_QUERIES);
  const any = fc.dictionary(nastyString(8), nastyValue, { maxKeys: 4 }).map(queryOf);
  if (schema === undefined) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: any },
      { weight: 1, arbitrary: raw },
    );
  }
  const valid = validOf(schema, hints);
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(queryOf) },
    { weight: 4, arbitrary: brokenOf(schema, hints).map(queryOf) },
    // Every parameter twice: the parser makes arrays of them.
    {
      weight: 1,
      arbitrary: valid.map((v) => (v && typeof v === 'object' ? `${queryOf(v)}&${queryOf(v)}` : '')),
    },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: any },
  );
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

const json = (value: unknown): Body => ({
  payload: JSON.stringify(value) ?? 'null',
  contentType: 'application/json',
});

/** JSON nested 5000 deep (arrays in objects), and a JSON body just over the body limit. */
const DEEP_JSON = `${'{"a":['.repeat(2500)}1${']}'.repeat(2500)}`;
const OVER_LIMIT_JSON = JSON.stringify({ a: HUGE_OVER });
const JSON_UNDER_LIMIT = [json({ s: HUGE_UNDER }), json([HUGE_EMOJI])];

/** Bodies that are not the JSON they claim to be, or JSON under a content type that is not JSON. */
const malformedFrom = (text: string): fc.Arbitrary<Body> =>
  fc.oneof(
    fc
      .nat({ max: Math.max(0, text.length - 1) })
      .map((cut) => ({ payload: text.slice(0, cut), contentType: 'application/json' })),
    fc.constantFrom<Body>(
      { payload: text, contentType: 'text/plain' },
      { payload: text, contentType: 'application/xml' },
      { payload: text, contentType: 'application/x-www-form-urlencoded' },
      {
        payload: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${text}\r\n--x--`,
        contentType: 'multipart/form-data; boundary=x',
      },
      { payload: text, contentType: 'application/json; charset=utf-16' },
      { payload: text, contentType: 'application/json; charset=latin1' },
      { payload: text, contentType: 'application/json;;;' },
      { payload: text, contentType: 'APPLICATION/JSON' },
      { payload: text, contentType: 'application/vnd.api+json' },
      { payload: text, contentType: 'image/png' },
      { payload: text, contentType: '' },
      { payload: text },
      { payload: `\uFEFF${text}`, contentType: 'application/json' },
      { payload: `${text}}`, contentType: 'application/json' },
      { payload: `${text} garbage`, contentType: 'application/json' },
      { payload: '', contentType: 'application/json' },
      { payload: ' ', contentType: 'application/json' },
      { payload: 'null', contentType: 'application/json' },
      { payload: 'NaN', contentType: 'application/json' },
      { payload: 'undefined', contentType: 'application/json' },
      { payload: "{'a': 1}", contentType: 'application/json' },
      { payload: '{"a":1,"a":2}', contentType: 'application/json' },
      { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
      { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3]), contentType: 'application/json' },
      { payload: DEEP_JSON, contentType: 'application/json' },
      { payload: OVER_LIMIT_JSON, contentType: 'application/json' },
      { payload: HUGE_OVER, contentType: 'text/plain' },
    ),
  );

/** The avatar upload takes raw image bytes under an image content type (2 MB at most). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const picture = (width: number, height: number, format: 'png' | 'gif' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .toFormat(format)
    .toBuffer();
/** Real images: fine ones (re-encoded), one too small and one too wide (422), under a right or a wrong type. */
const REAL_IMAGES: Body[] = [
  { payload: await picture(64, 64, 'png'), contentType: 'image/png' },
  { payload: await picture(40, 30, 'gif'), contentType: 'image/gif' },
  { payload: await picture(48, 48, 'jpeg'), contentType: 'image/jpeg' },
  { payload: await picture(48, 48, 'webp'), contentType: 'image/webp' },
  { payload: await picture(48, 48, 'png'), contentType: 'image/jpeg' },
  { payload: await picture(8, 8, 'png'), contentType: 'image/png' },
  { payload: await picture(12_000, 16, 'png'), contentType: 'image/png' },
];
const avatarBodies: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(...REAL_IMAGES),
  fc
    .tuple(
      fc.constantFrom(
        'image/png',
        'image/jpeg',
        'image/webp',
        'image/gif',
        'image/svg+xml',
        'image/PNG',
        'image/png; x=y',
      ),
      fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.concat([PNG_SIGNATURE, Buffer.from(bytes)])),
        fc.constantFrom(
          Buffer.alloc(0),
          Buffer.from('GIF89a'),
          Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          Buffer.alloc(2 * 1024 * 1024 + 1, 1),
        ),
      ),
    )
    .map(([contentType, payload]) => ({ contentType, payload })),
  fc.constantFrom<Body>({}, json({ avatar: 'x' }), { payload: 'x', contentType: 'text/plain' }),
);

function bodyArb(route: FuzzRoute, hints: Hints): fc.Arbitrary<Body> {
  if (route.method !== 'POST') return fc.constant({});
  if (route.url === '/api/my/profile/avatar') return avatarBodies;
  const schema = route.schemas?.body;
  const none = fc.constant<Body>({});
  const anyJson = fc.oneof(nastyValue, fc.jsonValue({ maxDepth: 3 })).map(json);
  if (schema === undefined) {
    return fc.oneof(
      { weight: 3, arbitrary: none },
      { weight: 2, arbitrary: anyJson },
      {
        weight: 1,
        arbitrary: fc.jsonValue({ maxDepth: 2 }).chain((v) => malformedFrom(JSON.stringify(v) ?? '')),
      },
      // Form posts (the development pages take forms).
      {
        weight: 1,
        arbitrary: fc
          .dictionary(nastyString(8), nastyString(20), { maxKeys: 4 })
          .map((v) => ({ payload: queryOf(v), contentType: 'application/x-www-form-urlencoded' })),
      },
    );
  }
  const valid = validOf(schema, hints);
  if (route.form) {
    const form = (value: unknown): Body => ({
      payload: queryOf(value),
      contentType: 'application/x-www-form-urlencoded',
    });
    return fc.oneof(
      { weight: 4, arbitrary: valid.map(form) },
      { weight: 3, arbitrary: brokenOf(schema, hints).map(form) },
      { weight: 1, arbitrary: valid.map(json) },
      { weight: 1, arbitrary: valid.chain((v) => malformedFrom(queryOf(v))) },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(json) },
    { weight: 5, arbitrary: brokenOf(schema, hints).map(json) },
    { weight: 2, arbitrary: valid.chain((v) => malformedFrom(JSON.stringify(v) ?? '')) },
    { weight: 1, arbitrary: none },
    { weight: 1, arbitrary: fc.constantFrom(...JSON_UNDER_LIMIT) },
  );
}

function authArb(signedIn: boolean, badHeaders: string[]): fc.Arbitrary<AuthChoice> {
  const bad = fc.constantFrom(...badHeaders).map((value): AuthChoice => ({ kind: 'header', value }));
  if (!signedIn)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<AuthChoice>({ kind: 'none' }) },
      { weight: 4, arbitrary: bad },
    );
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant<AuthChoice>({ kind: 'valid', scheme: 'Bearer', suffix: '' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          ['bearer', ''],
          ['BEARER', ' '],
          ['Bearer ', ''],
          ['Bearer', ' x'],
          ['Basic', ''],
          ['Token', ''],
          ['Bearer', '.'],
        )
        .map(([scheme, suffix]): AuthChoice => ({ kind: 'valid', scheme: scheme!, suffix: suffix! })),
    },
    { weight: 2, arbitrary: bad },
  );
}

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'accept-encoding': fc.constantFrom('br', 'gzip', 'deflate', 'identity;q=0, *;q=0', 'gzip;q=abc', 'x'),
    'if-none-match': fc.constantFrom('"junk"', '*', 'W/"1"', '"', ''),
    'if-modified-since': fc.constantFrom('yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '99999999999'),
    accept: fc.constantFrom('text/html', 'application/xml', '*/*', 'image/webp', ';;;'),
    'accept-language': fc.constantFrom('he-IL', 'zz', '*', 'en;q=x'),
    'x-forwarded-for': fc.constantFrom('not-an-ip', '1.2.3.4, 5.6.7.8', '::1'),
    range: fc.constantFrom('bytes=0-1', 'bytes=9999999-', 'bytes=x', 'bytes=5-1'),
  },
  { requiredKeys: [] },
);

/** Requests for one route, made from its schemas (valid ones, broken ones, malformed ones). */
export function requestArb(
  route: FuzzRoute,
  options: { hints: Hints; signedIn: boolean; badAuthHeaders: string[] },
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathArb(route, options.hints),
      query: queryArb(route, options.hints),
      body: bodyArb(route, options.hints),
      auth: authArb(options.signedIn, options.badAuthHeaders),
      headers: fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
    })
    .map(({ path, query, body, auth, headers }) => {
      const request: FuzzRequest = {
        method: route.method,
        url: query === '' ? path : `${path}?${query}`,
        headers: {
          ...headers,
          ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }),
        },
        auth,
      };
      if (body.payload !== undefined) request.payload = body.payload;
      return request;
    });
}

/** Requests to paths no route has, under /api (404 envelope) and elsewhere (the SPA shell). */
export const unknownPathArb: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    prefix: fc.constantFrom(
      '/api/',
      '/api/my/',
      '/api/prompts/',
      '/api',
      '/api?',
      '/',
      '/detail/',
      '/assets/',
    ),
    rest: fc.oneof(nastyString(20).map(pctEncode), fc.constantFrom(...RAW_PARAMS)),
  })
  .map(({ method, prefix, rest }) => ({
    method,
    url: `${prefix}${rest}`,
    headers: {},
    auth: { kind: 'none' },
  }));

// JSON Schema (the TypeBox subset the routes use) -> fast-check arbitraries: `validOf` makes values the
// schema accepts, `brokenOf` makes values that break it (wrong types, missing and extra fields, huge and
// hostile strings, out-of-range numbers). Used by tests/api/fuzz.test.ts.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** Valid values that reach past "not found": real ids of the database, by property or parameter name. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Fastify's body limit (server/app.ts BODY_LIMIT); huge strings are made just under and just over it. */
export const BODY_LIMIT = 1024 * 1024;
/** A string whose JSON body stays under the body limit, and one that takes the body over it. */
export const HUGE_UNDER = 'a'.repeat(BODY_LIMIT - 4096);
export const HUGE_OVER = 'a'.repeat(BODY_LIMIT + 16);
/** ~800 KB of UTF-8 in 4-byte characters (400,000 UTF-16 code units, 200,000 code points). */
export const HUGE_EMOJI = '\u{1F600}'.repeat(200_000);

/** Characters that break naive code: NUL, controls, RTL override, lone surrogates, emoji, quotes, markup. */
export const NASTY_CHARS = [
  '\u0000',
  '\u0001',
  '\u001F',
  '\u007F',
  '\n',
  '\r',
  '\t',
  '\u202E', // right-to-left override
  '\u200F', // right-to-left mark
  '\u05E9', // Hebrew
  '\u0627', // Arabic
  '\u0663', // Arabic-Indic digit three
  '\uFF11', // fullwidth digit one
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  '\uFEFF', // byte order mark
  '\uFFFF',
  '\uFFFD',
  '\u0085',
  '\u2028',
  '\u{1F600}',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
  '\u{1D54F}',
  'e\u0301',
  '"',
  "'",
  '\\',
  '%',
  '&',
  '=',
  '?',
  '#',
  '/',
  '<',
  '>',
  ';',
  '*',
  ':',
  '-',
  '_',
  '.',
  ' ',
];

/** Whole strings worth trying anywhere a string or a number goes. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C',
  '\u{1F600}\u{1F600}\u{1F600}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-400',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '-2147483649',
  '-1',
  '-0',
  '0',
  '00',
  '0x1F',
  '1.5',
  '1,5',
  ' 1',
  '1 ',
  '\uFF11\uFF12',
  '\u0663',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '%00',
  '%',
  '..',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '\\',
  'DELETE',
  'google',
];

const nastyUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHARS) },
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

/** Strings of hostile characters (any length up to 40). */
export const nastyString = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: nastyUnit, maxLength }) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  );

const NASTY_NUMBERS = [
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  Number.MAX_SAFE_INTEGER,
];

/** Deeply nested JSON (arrays and objects), which recursive code may not expect. */
export const deepJson = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

/** Any hostile JSON value: wrong types, out-of-range numbers, hostile strings, odd containers. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, ...NASTY_NUMBERS) },
  { weight: 4, arbitrary: nastyString() },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      [],
      {},
      [1, 2, 3],
      [null],
      { $gt: '' },
      { id: 1 },
      ['DELETE'],
      deepJson(200),
    ),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(HUGE_UNDER, HUGE_EMOJI) },
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

const isObjectSchema = (schema: JsonSchema): boolean =>
  typesOf(schema).includes('object') || schema.properties !== undefined;

const SAFE = Number.MAX_SAFE_INTEGER;

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (s: string) => [...s].length >= min && [...s].length <= max;
  if (schema.pattern !== undefined) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl().filter(fits);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    default:
  }
  const short = Math.max(min, Math.min(max, 40));
  const ascii = fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: short });
  const arbitraries: fc.Arbitrary<string>[] = [
    ascii,
    fc.string({ unit: nastyUnit, minLength: min, maxLength: short }).filter(fits),
    // A plain string with one hostile character in it (NUL, a lone surrogate, RTL override...).
    fc
      .tuple(ascii, fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '\uFEFF', '\u{1F600}'), fc.nat())
      .map(
        ([text, char, at]) =>
          `${text.slice(0, at % (text.length + 1))}${char}${text.slice(at % (text.length + 1))}`,
      )
      .filter(fits),
  ];
  // The boundaries: exactly the longest string allowed, in ASCII and in 4-byte characters.
  if (max >= 1 && max <= BODY_LIMIT / 8) {
    arbitraries.push(fc.constantFrom('x'.repeat(max), '\u{1F600}'.repeat(max)));
  }
  return fc.oneof(...arbitraries);
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = schema.minimum ?? -SAFE;
  let max = schema.maximum ?? SAFE;
  if (schema.exclusiveMinimum !== undefined) min = schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (schema.exclusiveMaximum !== undefined) max = schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON);
  if (integer) {
    const lo = Math.max(Math.ceil(min), -SAFE);
    const hi = Math.min(Math.floor(max), SAFE);
    return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values that the schema accepts (hints, by property name, are mixed in to reach real rows). */
export function validOf(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) return fc.oneof(...alternatives.map((s) => validOf(s, hints)));
  if (isObjectSchema(schema)) {
    const properties = schema.properties ?? {};
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) {
      const own = validOf(property, hints);
      const hint = hints[name];
      record[name] = hint === undefined ? own : fc.oneof({ weight: 3, arbitrary: hint }, own);
    }
    return fc.record(record, { requiredKeys: schema.required ?? [] });
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema);
        case 'integer':
          return validNumber(schema, true);
        case 'number':
          return validNumber(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const items = schema.items ?? {};
          const minLength = schema.minItems ?? 0;
          const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 10, 10));
          return fc.array(validOf(items, hints), { minLength, maxLength });
        }
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }),
  );
}

/** Values of other types than the schema's, and values of its type outside its bounds. */
export function wrongOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const out: fc.Arbitrary<unknown>[] = [nastyValue];
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    const edges: unknown[] = ['NaN', '1e308', 1e308, -1e308, 2 ** 53 + 1, -1, 1.5, '', 'one', true, null];
    if (schema.minimum !== undefined) edges.push(schema.minimum - 1, String(schema.minimum - 1));
    if (schema.maximum !== undefined) edges.push(schema.maximum + 1, String(schema.maximum + 1));
    out.push(fc.constantFrom(...edges));
  }
  if (types.includes('string')) {
    const edges: unknown[] = [0, -1, true, null, [], {}, ['a'], HUGE_UNDER];
    if (schema.maxLength !== undefined) edges.push('y'.repeat(schema.maxLength + 1));
    if ((schema.minLength ?? 0) > 0) edges.push('');
    out.push(fc.constantFrom(...edges));
  }
  if (schema.enum !== undefined || schema.const !== undefined) {
    out.push(
      fc.constantFrom<unknown>(
        'x',
        '',
        String(schema.enum?.[0] ?? schema.const).toUpperCase(),
        String(schema.enum?.[0] ?? schema.const).toLowerCase(),
        ` ${String(schema.enum?.[0] ?? schema.const)}`,
        schema.enum ?? [schema.const],
      ),
    );
  }
  if (types.includes('boolean')) out.push(fc.constantFrom<unknown>('true', 'yes', 1, 0, 'false', null));
  if (types.includes('array')) {
    const tooMany = (schema.maxItems ?? 1000) + 1;
    out.push(
      fc.constantFrom<unknown>(
        {},
        'a,b',
        Array.from({ length: tooMany }, (_, i) => i + 1),
        [[1]],
      ),
    );
  }
  return fc.oneof(...out);
}

/** A shallow copy (only top-level keys are changed; spread keeps an own `__proto__` key as data). */
const clone = (value: Record<string, unknown>): Record<string, unknown> => ({ ...value });

/** Sets an own property, even `__proto__` (an object literal or assignment would set the prototype). */
export const setOwn = (target: Record<string, unknown>, key: string, value: unknown) => {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
};

const EXTRA_KEYS = [
  'extra',
  '__proto__',
  'constructor',
  'memberId',
  'userId',
  'id',
  '',
  ' ',
  '\u0000',
  '$where',
];

/** From a valid value: values that break the schema in one place (or in every way at once). */
export function brokenFrom(schema: JsonSchema, value: unknown): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongOf(schema)];
  if (isObjectSchema(schema) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    const required = (schema.required ?? []).filter((name) => name in object);
    if (required.length > 0) {
      options.push(
        fc.constantFrom(...required).map((name) => {
          const copy = clone(object);
          delete copy[name];
          return copy;
        }),
      );
    }
    options.push(
      fc
        .tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })), nastyValue)
        .map(([key, extra]) => setOwn(clone(object), key, extra)),
    );
    if (names.length > 0) {
      options.push(
        fc
          .constantFrom(...names)
          .chain((name) =>
            (name in object ? brokenFrom(properties[name]!, object[name]) : wrongOf(properties[name]!)).map(
              (broken) => setOwn(clone(object), name, broken),
            ),
          ),
      );
      // Every field wrong at once.
      options.push(
        fc.tuple(...names.map((name) => wrongOf(properties[name]!))).map((wrongs) => {
          const copy: Record<string, unknown> = {};
          names.forEach((name, i) => setOwn(copy, name, wrongs[i]));
          return copy;
        }),
      );
    }
  }
  if (typesOf(schema).includes('array') && Array.isArray(value) && schema.items !== undefined) {
    const items = schema.items;
    options.push(
      fc
        .tuple(fc.nat(), nastyValue)
        .map(([i, bad]) =>
          value.length === 0 ? [bad] : value.map((v, j) => (j === i % value.length ? bad : v)),
        ),
    );
    options.push(wrongOf(items).map((bad) => [...value, bad]));
  }
  return fc.oneof(...options);
}

/** Values of the schema, broken. */
export const brokenOf = (schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> =>
  validOf(schema, hints).chain((value) => brokenFrom(schema, value));

// The catalog file (docs/catalog-format.md): one prompt per JSONL line. validateCatalogLines returns every
// error of every line as { line, field, why }; a line it accepts is never refused by the database (the
// limits are those of the prompts table's CHECKs, server/db/migrations/001_init.sql, or stricter). Used by
// `npm run catalog -- import` before anything is sent, and by the import route again.
import type { GeneratorType, Grade, PromptVariable } from '../../domain/catalog.ts';
import { isSubjectKey } from '../images/subjects.ts';
import { ART_SCENES, type ArtSpec } from '../images/art-spec.ts';

export const FORMAT_GENERATORS: Readonly<Record<string, GeneratorType>> = {
  midjourney: 1,
  dalle: 2,
  chatgpt: 3,
  kling: 4,
};
export const FORMAT_GRADES: Readonly<Record<string, Grade>> = { free: 0, fruit: 1, premium: 2 };
export const generatorName = (g: GeneratorType): string =>
  Object.keys(FORMAT_GENERATORS).find((k) => FORMAT_GENERATORS[k] === g)!;
export const gradeName = (g: Grade): string =>
  Object.keys(FORMAT_GRADES).find((k) => FORMAT_GRADES[k] === g)!;

export const LIMITS = {
  slug: 120,
  title: 200,
  description: 5000,
  template: 20_000,
  tags: 12,
  tag: 40,
  variables: 20,
  label: 100,
  example: 500,
  images: 8,
  imageName: 255,
  /** integer columns: at most 2^31 - 1 */
  price: 2_147_483_647,
} as const;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TAG = /^[a-z0-9]+([ -][a-z0-9]+)*$/;
const PLACEHOLDER = /\[Variable (\d+)\]/g;
const SCENES = ART_SCENES;
const KNOWN_FIELDS = new Set([
  'slug',
  'title',
  'description',
  'generator',
  'grade',
  'priceFruit',
  'priceCents',
  'tags',
  'template',
  'variables',
  'images',
  'art',
  'drawnImages',
  'hidden',
]);

/** One line as written in the file. */
export interface CatalogLine {
  slug: string;
  title: string;
  description: string;
  generator: string;
  grade: string;
  priceFruit?: number;
  priceCents?: number;
  tags: string[];
  template: string;
  variables: { label: string; example: string }[];
  /** Image files (relative to --images DIR), 1..8; or none with `art` and `drawnImages`. */
  images?: string[];
  /** Drawn example images (exported demo prompts): the art and how many. */
  art?: ArtSpec;
  drawnImages?: number;
  /** Absent: a new prompt is shown, an existing one keeps its state. */
  hidden?: boolean;
}

/** A valid line in the database's terms. */
export interface CatalogPrompt {
  slug: string;
  title: string;
  description: string;
  generatorType: GeneratorType;
  grade: Grade;
  priceFruit: number | null;
  priceCents: number | null;
  tags: string[];
  template: string;
  variables: PromptVariable[];
  /** Stored images by file name, or drawn ones. */
  images: { files: string[] } | { art: ArtSpec; count: number };
  hidden: boolean | null;
}

export interface LineError {
  /** 1-based line number in the file. */
  line: number;
  field: string;
  why: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text PostgreSQL stores as given: no NUL, no lone surrogate. */
const storable = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const chars = (s: string): number => [...s].length;

/** Checks one parsed line; pushes its errors; returns the prompt when there are none. */
export function validateCatalogLine(value: unknown, line: number, errors: LineError[]): CatalogPrompt | null {
  const before = errors.length;
  const err = (field: string, why: string): void => {
    errors.push({ line, field, why });
  };
  if (!isObject(value)) {
    err('(line)', 'must be a JSON object');
    return null;
  }
  for (const key of Object.keys(value)) if (!KNOWN_FIELDS.has(key)) err(key, 'unknown field');

  const text = (field: string, max: number, min = 1): string => {
    const v = value[field];
    if (typeof v !== 'string') {
      err(field, v === undefined ? 'is required' : 'must be a string');
      return '';
    }
    if (!storable(v)) err(field, 'must not contain NUL characters or broken Unicode');
    else if (v.trim().length < min) err(field, 'must not be empty');
    else if (chars(v) > max) err(field, `must be at most ${max} characters`);
    return v;
  };

  const slug = text('slug', LIMITS.slug);
  if (slug !== '' && !SLUG.test(slug)) {
    err(
      'slug',
      'must be lowercase letters and digits in words joined by single hyphens (e.g. "misty-forest")',
    );
  }
  const title = text('title', LIMITS.title);
  const description = text('description', LIMITS.description);
  const template = text('template', LIMITS.template);

  const generatorType = FORMAT_GENERATORS[String(value.generator)];
  if (typeof value.generator !== 'string' || generatorType === undefined) {
    err('generator', `must be one of ${Object.keys(FORMAT_GENERATORS).join(', ')}`);
  }
  const grade = FORMAT_GRADES[String(value.grade)];
  if (typeof value.grade !== 'string' || grade === undefined) {
    err('grade', `must be one of ${Object.keys(FORMAT_GRADES).join(', ')}`);
  }
  const price = (field: 'priceFruit' | 'priceCents', needed: boolean): number | null => {
    const v = value[field];
    if (!needed) {
      if (v !== undefined && v !== null)
        err(field, `only for the grade ${field === 'priceFruit' ? 'fruit' : 'premium'}`);
      return null;
    }
    if (!Number.isSafeInteger(v) || (v as number) < 1 || (v as number) > LIMITS.price) {
      err(
        field,
        v === undefined
          ? `is required for the grade ${grade === 1 ? 'fruit' : 'premium'}`
          : 'must be a whole number of at least 1',
      );
      return null;
    }
    return v as number;
  };
  const priceFruit = price('priceFruit', grade === 1);
  const priceCents = price('priceCents', grade === 2);

  const tags = checkTags(value, err);
  const variables = checkVariables(value, template, err);
  const images = checkImages(value, err);
  if (value.hidden !== undefined && typeof value.hidden !== 'boolean') err('hidden', 'must be true or false');

  if (errors.length > before) return null;
  return {
    slug,
    title,
    description,
    generatorType: generatorType!,
    grade: grade!,
    priceFruit,
    priceCents,
    tags,
    template,
    variables,
    images,
    hidden: typeof value.hidden === 'boolean' ? value.hidden : null,
  };
}

type Report = (field: string, why: string) => void;
type Line = Record<string, unknown>;

/** tags: lowercase words, each once, at most LIMITS.tags. */
function checkTags(value: Line, err: Report): string[] {
  const tags: string[] = [];
  if (!Array.isArray(value.tags))
    err('tags', value.tags === undefined ? 'is required' : 'must be an array of strings');
  else {
    if (value.tags.length > LIMITS.tags) err('tags', `at most ${LIMITS.tags} tags`);
    value.tags.forEach((t, i) => {
      if (typeof t !== 'string' || !TAG.test(t) || t.length > LIMITS.tag) {
        err(`tags[${i}]`, `must be lowercase words of letters and digits, at most ${LIMITS.tag} characters`);
      } else if (tags.includes(t)) err(`tags[${i}]`, `"${t}" is listed twice`);
      else tags.push(t);
    });
  }
  return tags;
}

/** variables: { label, example } each, and every [Variable N] of the template has one (and uses it). */
function checkVariables(value: Line, template: string, err: Report): PromptVariable[] {
  const variables: PromptVariable[] = [];
  if (!Array.isArray(value.variables)) {
    err('variables', value.variables === undefined ? 'is required (may be [])' : 'must be an array');
  } else {
    if (value.variables.length > LIMITS.variables) err('variables', `at most ${LIMITS.variables} variables`);
    value.variables.forEach((v, i) => {
      const field = `variables[${i}]`;
      if (!isObject(v)) return err(field, 'must be an object { label, example }');
      for (const key of Object.keys(v))
        if (key !== 'label' && key !== 'example') err(`${field}.${key}`, 'unknown field');
      const part = (key: 'label' | 'example', max: number): string => {
        const s = v[key];
        if (typeof s !== 'string' || s.trim() === '') err(`${field}.${key}`, 'must be a non-empty string');
        else if (!storable(s)) err(`${field}.${key}`, 'must not contain NUL characters or broken Unicode');
        else if (chars(s) > max) err(`${field}.${key}`, `must be at most ${max} characters`);
        else return s;
        return '';
      };
      variables.push({
        index: i,
        label: part('label', LIMITS.label),
        example: part('example', LIMITS.example),
      });
    });
    // every [Variable N] has variable N, and every variable is used
    const used = new Set([...template.matchAll(PLACEHOLDER)].map((m) => Number(m[1])));
    for (const n of [...used].sort((a, b) => a - b)) {
      if (n < 1 || n > value.variables.length) {
        err('template', `[Variable ${n}] has no variable (variables lists ${value.variables.length})`);
      }
    }
    for (let n = 1; n <= value.variables.length; n += 1) {
      if (!used.has(n)) err(`variables[${n - 1}]`, `[Variable ${n}] does not occur in the template`);
    }
  }
  return variables;
}

/** images: files to upload, or art with drawnImages (the server draws them), never both. */
function checkImages(value: Line, err: Report): CatalogPrompt['images'] {
  let images: CatalogPrompt['images'] = { files: [] };
  if (value.images !== undefined && value.art !== undefined) {
    err('images', 'give either images or art with drawnImages, not both');
  } else if (value.art !== undefined) {
    const art = value.art;
    const okArt =
      isObject(art) &&
      SCENES.includes(art.scene as (typeof SCENES)[number]) &&
      Array.isArray(art.palette) &&
      art.palette.length >= 3 &&
      art.palette.length <= 5 &&
      art.palette.every((c) => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c)) &&
      Number.isSafeInteger(art.seed) &&
      (art.subject === undefined || (typeof art.subject === 'string' && isSubjectKey(art.subject))) &&
      Object.keys(art).length === (art.subject === undefined ? 3 : 4);
    if (!okArt)
      err(
        'art',
        `must be { scene (${SCENES.join(', ')}), palette (3-5 "#rrggbb"), seed (integer), ` +
          'subject (optional: a subject of the drawn-image table, docs/catalog-format.md) }',
      );
    const count = value.drawnImages;
    if (!Number.isSafeInteger(count) || (count as number) < 1 || (count as number) > LIMITS.images) {
      err('drawnImages', `must be a whole number from 1 to ${LIMITS.images} with art`);
    }
    if (okArt) {
      const a = art as unknown as ArtSpec;
      images = {
        art: {
          scene: a.scene,
          palette: a.palette,
          seed: a.seed,
          ...(a.subject === undefined ? {} : { subject: a.subject }),
        },
        count: count as number,
      };
    }
  } else if (!Array.isArray(value.images)) {
    err(
      'images',
      value.images === undefined ? 'is required: 1 to 8 image files' : 'must be an array of file names',
    );
  } else {
    if (value.drawnImages !== undefined) err('drawnImages', 'only with art');
    if (value.images.length < 1 || value.images.length > LIMITS.images) {
      err('images', `must list 1 to ${LIMITS.images} image files`);
    }
    const files: string[] = [];
    value.images.forEach((f, i) => {
      if (
        typeof f !== 'string' ||
        f.trim() === '' ||
        f.length > LIMITS.imageName ||
        !storable(f) ||
        f.startsWith('/') ||
        f.split(/[\\/]/).includes('..')
      ) {
        err(`images[${i}]`, 'must be a file name relative to the images folder');
      } else files.push(f);
    });
    images = { files };
  }
  if (value.images === undefined && value.art === undefined && value.drawnImages !== undefined) {
    err('drawnImages', 'only with art');
  }
  return images;
}

/** Checks parsed lines (numbered from `firstLine`); slugs must be unique in the file. */
export function validateCatalogLines(
  values: readonly unknown[],
  lineNumbers?: readonly number[],
): { prompts: CatalogPrompt[]; errors: LineError[] } {
  const errors: LineError[] = [];
  const prompts: CatalogPrompt[] = [];
  const slugs = new Map<string, number>();
  values.forEach((value, i) => {
    const line = lineNumbers?.[i] ?? i + 1;
    const prompt = validateCatalogLine(value, line, errors);
    const slug = isObject(value) && typeof value.slug === 'string' ? value.slug : null;
    const first = slug === null ? undefined : slugs.get(slug);
    if (first !== undefined) {
      errors.push({ line, field: 'slug', why: `"${slug}" is already on line ${first}` });
    } else if (slug !== null) slugs.set(slug, line);
    if (prompt !== null && first === undefined) prompts.push(prompt);
  });
  return { prompts, errors };
}

/** Parses a JSONL text: blank lines are skipped; a line that is not JSON is an error of that line. */
export function parseCatalogText(text: string): { values: unknown[]; lines: number[]; errors: LineError[] } {
  const values: unknown[] = [];
  const lines: number[] = [];
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      values.push(JSON.parse(raw));
      lines.push(i + 1);
    } catch (error) {
      errors.push({ line: i + 1, field: '(line)', why: `not JSON: ${(error as Error).message}` });
    }
  });
  return { values, lines, errors };
}

export const formatLineError = (e: LineError): string => `line ${e.line}, ${e.field}: ${e.why}`;

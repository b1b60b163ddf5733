// The operator's catalog in the database: uploaded image files (checked and re-encoded with sharp, kept in
// prompt_image_files), the import (every line checked, then transactions of IMPORT_BATCH_LINES lines that add
// or change prompts by slug), the export, and the daily changes (hide, show, price). Migration 011.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { GeneratorType, Grade, PromptVariable } from '../../domain/catalog.ts';
import type { Db, Queryable } from '../db/index.ts';
import { IMAGE_SIZES } from '../images/render.ts';
import type { ArtSpec } from '../images/art-spec.ts';
import type { PromptRow } from '../catalog/rows.ts';
import {
  generatorName,
  gradeName,
  validateCatalogLines,
  type CatalogLine,
  type CatalogPrompt,
  type LineError,
} from './catalog-format.ts';

/** The largest upload, and the largest image (pixels) sharp is allowed to decode. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

/** The art of imported prompts (never drawn: they show their stored images). */
export const NEUTRAL_ART: ArtSpec = {
  scene: 'abstract',
  palette: ['#1f2937', '#4b5563', '#9ca3af'],
  seed: 1,
};

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export class ImageRefused extends Error {
  override name = 'ImageRefused';
}

/** Re-encodes an upload to the card and full WebP sizes; ImageRefused when it is not a usable image. */
export async function encodeImage(bytes: Buffer): Promise<{ full: Buffer; card: Buffer }> {
  if (bytes.length === 0) throw new ImageRefused('The file is empty');
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ImageRefused(`The file is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw new ImageRefused('The file is not an image (JPEG, PNG, WebP, GIF, AVIF or TIFF)');
  }
  if (meta.format === undefined || !IMAGE_FORMATS.has(meta.format)) {
    throw new ImageRefused(
      `Images must be JPEG, PNG, WebP, GIF, AVIF or TIFF, not ${meta.format ?? 'unknown'}`,
    );
  }
  if (!meta.width || !meta.height || meta.width < 16 || meta.height < 16) {
    throw new ImageRefused('The image is smaller than 16x16 pixels');
  }
  const encode = (size: { width: number; height: number }): Promise<Buffer> =>
    sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover' })
      .webp({ quality: 80, effort: 4, smartSubsample: true })
      .toBuffer();
  try {
    const [full, card] = await Promise.all([encode(IMAGE_SIZES.full), encode(IMAGE_SIZES.card)]);
    return { full, card };
  } catch {
    throw new ImageRefused('The image could not be decoded (damaged or too large)');
  }
}

/**
 * Stores an uploaded image, keyed by what is stored: the sha256 of its full-size WebP. The same picture in
 * other bytes (re-encoded, with EXIF) encodes to the same WebP and finds the file stored first, whatever
 * its key (migration 011's files are keyed by their first upload's bytes). The upload's own sha256 is kept
 * as a name of that file (migration 019), so an import naming it by its bytes finds it, and the same bytes
 * again are found without being decoded. Returns the stored file's key and whether it was written now.
 */
export async function storeImage(
  db: Queryable,
  bytes: Buffer,
): Promise<{ sha256: string; written: boolean }> {
  const upload = sha256(bytes);
  const known = (await resolveImages(db, [upload])).get(upload);
  if (known !== undefined) return { sha256: known, written: false };
  const { full, card } = await encodeImage(bytes);
  const stored = sha256(full);
  const rows = await db.query<{ sha256: string }>(
    `INSERT INTO prompt_image_files (sha256, full_sha256, full_webp, card_webp, source_bytes)
     VALUES ($1, $1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING sha256`,
    [stored, full, card, bytes.length],
  );
  // Not written: the same WebP is stored (or, under this key, an upload whose bytes were this WebP).
  const key =
    rows[0]?.sha256 ??
    (
      await db.one<{ sha256: string }>(
        `SELECT sha256 FROM prompt_image_files WHERE full_sha256 = $1 OR sha256 = $1
         ORDER BY full_sha256 = $1 DESC LIMIT 1`,
        [stored],
      )
    ).sha256;
  await db.query(
    'INSERT INTO prompt_image_uploads (upload_sha256, sha256) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [upload, key],
  );
  return { sha256: key, written: rows.length > 0 };
}

/**
 * The stored file each sha256 names: its key, the sha256 of its full-size WebP (an exported file), or the
 * sha256 of any upload's bytes that found it.
 */
export async function resolveImages(db: Queryable, hashes: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (hashes.length === 0) return found;
  const rows = await db.query<{ name: string; sha256: string }>(
    `SELECT sha256 AS name, sha256 FROM prompt_image_files WHERE sha256 = ANY($1::text[])
     UNION ALL SELECT full_sha256, sha256 FROM prompt_image_files WHERE full_sha256 = ANY($1::text[])
     UNION ALL SELECT upload_sha256, sha256 FROM prompt_image_uploads WHERE upload_sha256 = ANY($1::text[])`,
    [[...new Set(hashes)]],
  );
  for (const row of rows) if (!found.has(row.name)) found.set(row.name, row.sha256);
  return found;
}

export interface ImportResult {
  added: number;
  changed: number;
  unchanged: number;
  /** Image slots of prompts written (a prompt's images set or replaced). */
  imagesWritten: number;
  dryRun: boolean;
}

/** A prompt as an import compares it with its line: its stored columns, and its stored image files. */
type ExistingRow = Pick<
  PromptRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'generator_type'
  | 'grade'
  | 'price_fruit'
  | 'price_cents'
  | 'tags'
  | 'template'
  | 'variables'
  | 'image_count'
  | 'art'
  | 'hidden'
> & { files: string[] | null };

const EXISTING_COLUMNS = `p.id, p.slug, p.title, p.description, p.generator_type, p.grade, p.price_fruit,
  p.price_cents, p.tags, p.template, p.variables, p.image_count, p.art, p.hidden,
  (SELECT array_agg(i.sha256 ORDER BY i.n) FROM prompt_images i WHERE i.prompt_id = p.id) AS files`;

const sameArt = (a: ArtSpec, b: ArtSpec): boolean =>
  a.scene === b.scene &&
  a.seed === b.seed &&
  a.subject === b.subject &&
  JSON.stringify(a.palette) === JSON.stringify(b.palette);
const sameVariables = (a: PromptVariable[], b: PromptVariable[]): boolean =>
  a.length === b.length &&
  a.every((v, i) => v.index === b[i]!.index && v.label === b[i]!.label && v.example === b[i]!.example);
const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The prompts columns an import writes, with their types (a jsonb_to_recordset record). */
const PROMPT_COLUMNS = [
  ['id', 'integer'],
  ['sort_id', 'integer'],
  ['slug', 'text'],
  ['title', 'text'],
  ['description', 'text'],
  ['generator_type', 'smallint'],
  ['grade', 'smallint'],
  ['price_fruit', 'integer'],
  ['price_cents', 'integer'],
  ['tags', 'text[]'],
  ['template', 'text'],
  ['variables', 'jsonb'],
  ['image_count', 'smallint'],
  ['art', 'jsonb'],
  ['hidden', 'boolean'],
] as const;
const RECORD = PROMPT_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');

/** What a prompt's row will hold. */
interface Target {
  prompt: CatalogPrompt;
  files: string[];
  art: ArtSpec;
  imageCount: number;
  hidden: boolean;
}

const isSame = (row: ExistingRow, t: Target): boolean =>
  row.title === t.prompt.title &&
  row.description === t.prompt.description &&
  row.generator_type === t.prompt.generatorType &&
  row.grade === t.prompt.grade &&
  row.price_fruit === t.prompt.priceFruit &&
  row.price_cents === t.prompt.priceCents &&
  sameList(row.tags, t.prompt.tags) &&
  row.template === t.prompt.template &&
  sameVariables(row.variables, t.prompt.variables) &&
  row.image_count === t.imageCount &&
  sameArt(row.art, t.art) &&
  row.hidden === t.hidden &&
  sameList(row.files ?? [], t.files);

/**
 * For the demo seed only (server/seed/index.ts): what a new prompt's row gets beyond its line — its id and
 * sort id (that the seeded orders, favourites and links name), counters and date. The operator's import never
 * passes it: there new prompts take the next free ids, with no views or sales, dated now.
 */
export interface GivenRow {
  id: number;
  sortId: number;
  views: number;
  sales: number;
  createdAt: string;
}

interface ImportInput {
  lines: readonly unknown[];
  lineNumbers?: readonly number[];
  images: Record<string, string>;
  dryRun: boolean;
}

type Checked = { errors: LineError[] } | { prompts: CatalogPrompt[]; keys: Map<string, string> };

/** Every line checked again, image names resolved to stored files; every error, or what to write. */
async function checkImport(q: Queryable, input: ImportInput): Promise<Checked> {
  const { prompts, errors } = validateCatalogLines(input.lines, input.lineNumbers);
  const lineOf = (i: number): number => input.lineNumbers?.[i] ?? i + 1;
  if (errors.length > 0) return { errors };
  const wanted = prompts.flatMap((p) => ('files' in p.images ? p.images.files : []));
  const hashes = wanted.map((name) => input.images[name]).filter((h): h is string => typeof h === 'string');
  const keys = await resolveImages(q, hashes);
  prompts.forEach((p, i) => {
    if (!('files' in p.images)) return;
    p.images.files.forEach((name, n) => {
      const hash = input.images[name];
      if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) {
        errors.push({
          line: lineOf(i),
          field: `images[${n}]`,
          why: `"${name}" has no sha256 in the request's images`,
        });
      } else if (!keys.has(hash) && !input.dryRun) {
        errors.push({ line: lineOf(i), field: `images[${n}]`, why: `"${name}" was not uploaded` });
      }
    });
  });
  if (errors.length > 0) return { errors };
  return { prompts, keys };
}

/** The lines an import writes in one transaction before it lets other requests through. */
export const IMPORT_BATCH_LINES = 50;

/**
 * Imports catalog lines: every line checked again (errors numbered with `lineNumbers`, the file's lines),
 * image names resolved through `images` (file name → sha256 of its bytes, or the key its upload answered)
 * to uploaded files. Any error: nothing is written and every error comes back. Else the lines are written
 * in batches of `batchLines`, one transaction each, adding the new slugs and changing the prompts that
 * differ; between batches the import yields, so other requests reach the database (on PGlite one
 * transaction holds its only connection). A batch is all or nothing; an import stopped between batches
 * (the server killed) keeps the batches written, and the same import again completes it, since lines are
 * matched by slug. `afterBatch` is told after each batch that wrote something. A dry run only counts (it
 * may name images not uploaded yet).
 */
export async function importCatalog(
  db: Db,
  input: ImportInput,
  options: { batchLines?: number; afterBatch?: () => void } = {},
): Promise<{ errors: LineError[] } | { result: ImportResult }> {
  const checked = await checkImport(db, input);
  if ('errors' in checked) return checked;
  const size = Math.max(1, options.batchLines ?? IMPORT_BATCH_LINES);
  const result: ImportResult = { added: 0, changed: 0, unchanged: 0, imagesWritten: 0, dryRun: input.dryRun };
  for (let start = 0; start < checked.prompts.length; start += size) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const batch = checked.prompts.slice(start, start + size);
    const part = await db.tx((q) => writeImport(q, batch, checked.keys, input, undefined));
    result.added += part.added;
    result.changed += part.changed;
    result.unchanged += part.unchanged;
    result.imagesWritten += part.imagesWritten;
    if (!input.dryRun && part.added + part.changed > 0) options.afterBatch?.();
  }
  return { result };
}

/**
 * The same import inside the caller's transaction `q` (the demo seed: its prompts are written with the rest
 * of its data, or not at all). `given` (by slug) fixes a new prompt's id, sort id, counters and date.
 */
export async function importCatalogIn(
  q: Queryable,
  input: ImportInput & { given?: ReadonlyMap<string, GivenRow> },
): Promise<{ errors: LineError[] } | { result: ImportResult }> {
  const checked = await checkImport(q, input);
  if ('errors' in checked) return checked;
  return { result: await writeImport(q, checked.prompts, checked.keys, input, input.given) };
}

/** The columns a new prompt's row may be given (GivenRow), each defaulting as the table does. */
const GIVEN_COLUMNS = [
  ['views', 'integer', '0'],
  ['sales', 'integer', '0'],
  ['created_at', 'timestamptz', 'now()'],
  ['updated_at', 'timestamptz', 'now()'],
] as const;

async function writeImport(
  q: Queryable,
  prompts: readonly CatalogPrompt[],
  keys: Map<string, string>,
  input: ImportInput,
  given: ReadonlyMap<string, GivenRow> | undefined,
): Promise<ImportResult> {
  // One import at a time (new ids and sort ids are the next free ones).
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('fruitprompt catalog import'))`);
  const existing = new Map(
    (
      await q.query<ExistingRow>(`SELECT ${EXISTING_COLUMNS} FROM prompts p WHERE p.slug = ANY($1::text[])`, [
        prompts.map((p) => p.slug),
      ])
    ).map((row) => [row.slug, row]),
  );
  const next = await q.one<{ id: number; sort_id: number }>(
    'SELECT COALESCE(max(id), 0)::integer AS id, COALESCE(max(sort_id), 0)::integer AS sort_id FROM prompts',
  );
  // Given ids are taken first: the next free ones come after them.
  for (const prompt of prompts) {
    const row = given?.get(prompt.slug);
    if (row === undefined || existing.has(prompt.slug)) continue;
    next.id = Math.max(next.id, row.id);
    next.sort_id = Math.max(next.sort_id, row.sortId);
  }
  const result: ImportResult = {
    added: 0,
    changed: 0,
    unchanged: 0,
    imagesWritten: 0,
    dryRun: input.dryRun,
  };
  const inserts: Record<string, unknown>[] = [];
  const updates: Record<string, unknown>[] = [];
  const imagesOf: number[] = [];
  const imageRows: { prompt_id: number; n: number; sha256: string }[] = [];
  for (const prompt of prompts) {
    const row = existing.get(prompt.slug);
    const files =
      'files' in prompt.images
        ? prompt.images.files.map((name) => keys.get(input.images[name]!) ?? name)
        : [];
    const target: Target = {
      prompt,
      files,
      art: 'art' in prompt.images ? prompt.images.art : (row?.art ?? NEUTRAL_ART),
      imageCount: 'art' in prompt.images ? prompt.images.count : files.length,
      hidden: prompt.hidden ?? row?.hidden ?? false,
    };
    if (row !== undefined && isSame(row, target)) {
      result.unchanged += 1;
      continue;
    }
    const imagesChange = !sameList(row?.files ?? [], files);
    if (imagesChange) result.imagesWritten += files.length;
    if (row === undefined) result.added += 1;
    else result.changed += 1;
    if (input.dryRun) continue;
    const fixed = row === undefined ? given?.get(prompt.slug) : undefined;
    let id: number;
    let sortId = next.sort_id;
    if (fixed !== undefined) {
      id = fixed.id;
      sortId = fixed.sortId;
    } else if (row === undefined) {
      next.id += 1;
      next.sort_id += 1;
      id = next.id;
      sortId = next.sort_id;
    } else id = row.id;
    (row === undefined ? inserts : updates).push({
      id,
      sort_id: sortId,
      slug: prompt.slug,
      title: prompt.title,
      description: prompt.description,
      generator_type: prompt.generatorType,
      grade: prompt.grade,
      price_fruit: prompt.priceFruit,
      price_cents: prompt.priceCents,
      tags: prompt.tags,
      template: prompt.template,
      variables: prompt.variables,
      image_count: target.imageCount,
      art: target.art,
      hidden: target.hidden,
      ...(fixed === undefined
        ? {}
        : {
            views: fixed.views,
            sales: fixed.sales,
            created_at: fixed.createdAt,
            updated_at: fixed.createdAt,
          }),
    });
    if (imagesChange) {
      imagesOf.push(id);
      files.forEach((sha, n) => imageRows.push({ prompt_id: id, n, sha256: sha }));
    }
  }
  // A few statements whatever the number of lines (each row as JSON: jsonb_to_recordset).
  if (inserts.length > 0) {
    const names = PROMPT_COLUMNS.map(([name]) => name).join(', ');
    // Without a given row, the given columns are null and take the table's defaults.
    const extra = given === undefined ? [] : GIVEN_COLUMNS;
    await q.query(
      `INSERT INTO prompts (${[names, ...extra.map(([name]) => name)].join(', ')})
       SELECT ${[names, ...extra.map(([name, , fallback]) => `COALESCE(${name}, ${fallback})`)].join(', ')}
       FROM jsonb_to_recordset($1::jsonb) AS x(${[RECORD, ...extra.map(([name, type]) => `${name} ${type}`)].join(', ')})`,
      [JSON.stringify(inserts)],
    );
  }
  if (updates.length > 0) {
    const set = PROMPT_COLUMNS.filter(([name]) => !['id', 'sort_id', 'slug'].includes(name))
      .map(([name]) => `${name} = x.${name}`)
      .join(', ');
    await q.query(
      `UPDATE prompts p SET ${set}, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS x(${RECORD}) WHERE p.id = x.id`,
      [JSON.stringify(updates)],
    );
  }
  if (imagesOf.length > 0) {
    await q.query('DELETE FROM prompt_images WHERE prompt_id = ANY($1::integer[])', [imagesOf]);
    if (imageRows.length > 0) {
      await q.query(
        `INSERT INTO prompt_images (prompt_id, n, sha256)
         SELECT prompt_id, n, sha256 FROM jsonb_to_recordset($1::jsonb) AS x(prompt_id integer, n smallint, sha256 text)`,
        [JSON.stringify(imageRows)],
      );
    }
  }
  return result;
}

/** Every prompt (hidden ones too) as catalog lines, in sort order; stored images named `<sha256>.webp`. */
export async function exportCatalog(db: Queryable): Promise<CatalogLine[]> {
  const rows = await db.query<ExistingRow>(`SELECT ${EXISTING_COLUMNS} FROM prompts p ORDER BY p.sort_id`);
  return rows.map((row) => {
    const grade = row.grade as Grade;
    const line: CatalogLine = {
      slug: row.slug,
      title: row.title,
      description: row.description,
      generator: generatorName(row.generator_type as GeneratorType),
      grade: gradeName(grade),
      ...(grade === 1 ? { priceFruit: row.price_fruit! } : {}),
      ...(grade === 2 ? { priceCents: row.price_cents! } : {}),
      tags: row.tags,
      template: row.template,
      variables: [...row.variables]
        .sort((a, b) => a.index - b.index)
        .map((v) => ({ label: v.label, example: v.example })),
    };
    if (row.files !== null && row.files.length > 0) line.images = row.files.map((key) => `${key}.webp`);
    else {
      line.art = {
        scene: row.art.scene,
        palette: row.art.palette,
        seed: row.art.seed,
        ...(row.art.subject === undefined ? {} : { subject: row.art.subject }),
      };
      line.drawnImages = row.image_count;
    }
    line.hidden = row.hidden;
    return line;
  });
}

/** Hides or shows a prompt; null for an unknown slug, else whether it changed. */
export async function setHidden(db: Queryable, slug: string, hidden: boolean): Promise<boolean | null> {
  const row = await db.maybeOne<{ changed: boolean }>(
    `WITH old AS (SELECT id, hidden FROM prompts WHERE slug = $1),
     upd AS (UPDATE prompts p SET hidden = $2, updated_at = now() FROM old
             WHERE p.id = old.id AND old.hidden <> $2 RETURNING p.id)
     SELECT EXISTS (SELECT 1 FROM upd) AS changed FROM old`,
    [slug, hidden],
  );
  return row === null ? null : row.changed;
}

export type Price = { grade: 0 } | { grade: 1; fruit: number } | { grade: 2; cents: number };

/** Sets a prompt's grade and price; null for an unknown slug, else whether it changed. */
export async function setPrice(db: Queryable, slug: string, price: Price): Promise<boolean | null> {
  const fruit = price.grade === 1 ? price.fruit : null;
  const cents = price.grade === 2 ? price.cents : null;
  const row = await db.maybeOne<{ changed: boolean }>(
    `WITH old AS (SELECT id, grade, price_fruit, price_cents FROM prompts WHERE slug = $1),
     upd AS (UPDATE prompts p SET grade = $2, price_fruit = $3, price_cents = $4, updated_at = now() FROM old
             WHERE p.id = old.id
               AND (old.grade, old.price_fruit, old.price_cents) IS DISTINCT FROM ($2::smallint, $3::integer, $4::integer)
             RETURNING p.id)
     SELECT EXISTS (SELECT 1 FROM upd) AS changed FROM old`,
    [slug, price.grade, fruit, cents],
  );
  return row === null ? null : row.changed;
}

// Catalog queries. The template column is selected only for callers who may see it (SPEC.md §4 Prompt
// access): for everyone else it never leaves the database, so no later code path can leak it.
import {
  kindOfGenerator,
  slugIdOf,
  type GeneratorType,
  type Grade,
  type PromptCard,
  type PromptFull,
  type PromptImage,
  type PromptPage,
  type PromptVariable,
  type Sort,
} from '../../machines/domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import type { ArtSpec } from '../seed/types.ts';

export const CARD_IMAGE = { width: 480, height: 360 } as const;
export const FULL_IMAGE = { width: 960, height: 720 } as const;

export interface ListQuery {
  grade: Grade | null;
  generatorType: GeneratorType | null;
  tags: string[];
  sort: Sort;
  page: number;
  pageSize: number;
  /** The caller (from a valid token), or null for anonymous. */
  userId: string | null;
}

interface CardRow {
  id: number;
  sort_id: number;
  slug: string;
  title: string;
  description: string;
  generator_type: number;
  grade: number;
  price_fruit: number | null;
  price_cents: number | null;
  tags: string[];
  image_count: number;
  views: number;
  sales: number;
  created_at: Date;
  has_access: boolean;
}

interface FullRow extends CardRow {
  template: string | null;
  variables: PromptVariable[];
}

const CARD_COLUMNS = `p.id, p.sort_id, p.slug, p.title, p.description, p.generator_type, p.grade, p.price_fruit,
  p.price_cents, p.tags, p.image_count, p.views, p.sales, p.created_at,
  (p.grade = 0 OR a.user_id IS NOT NULL) AS has_access`;

/** LEFT JOIN of the caller's access row; parameter $n is the caller's user id or null. */
const accessJoin = (n: number): string =>
  `LEFT JOIN user_prompt_access a ON a.prompt_id = p.id AND a.user_id = $${n}::uuid`;

const ORDER_BY: Record<Sort, string> = {
  // Popularity: a sale weighs as much as 25 views.
  trending: '(p.views + p.sales * 25) DESC, p.id ASC',
  newest: 'p.created_at DESC, p.id DESC',
  // Free first, then FruitCoin prompts by coins, then premium prompts by cents (the currencies differ).
  price_asc: 'p.grade ASC, COALESCE(p.price_fruit, p.price_cents, 0) ASC, p.id ASC',
  price_desc: 'p.grade DESC, COALESCE(p.price_fruit, p.price_cents, 0) DESC, p.id ASC',
};

export const imageUrl = (id: number, n: number, size: 'card' | 'full' = 'card'): string =>
  `/api/images/prompts/${id}/${n}.webp${size === 'full' ? '?size=full' : ''}`;

const imageAlt = (title: string, n: number): string =>
  n === 0 ? `Example image for the prompt "${title}"` : `Example image ${n + 1} for the prompt "${title}"`;

/** The first sentence of the description, at most `max` characters (cut at a word). */
export const excerptOf = (description: string, max = 160): string => {
  const text = description.trim().replace(/\s+/g, ' ');
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
};

const toCard = (row: CardRow): PromptCard => {
  const generatorType = row.generator_type as GeneratorType;
  const grade = row.grade as Grade;
  return {
    id: row.id,
    sortId: row.sort_id,
    slug: row.slug,
    slugId: slugIdOf(row.slug, row.sort_id),
    title: row.title,
    excerpt: excerptOf(row.description),
    type: kindOfGenerator(generatorType),
    generatorType,
    grade,
    priceFruit: grade === 1 ? row.price_fruit : null,
    priceCents: grade === 2 ? row.price_cents : null,
    tags: row.tags,
    image: { url: imageUrl(row.id, 0), ...CARD_IMAGE, alt: imageAlt(row.title, 0) },
    hasAccess: row.has_access ? 1 : 0,
    views: row.views,
    sales: row.sales,
    createdAt: row.created_at.toISOString(),
  };
};

const toFull = (row: FullRow): PromptFull => {
  const card = toCard(row);
  const images: PromptImage[] = Array.from({ length: row.image_count }, (_, n) => ({
    url: imageUrl(row.id, n, 'full'),
    ...FULL_IMAGE,
    alt: imageAlt(row.title, n),
  }));
  return {
    ...card,
    description: row.description,
    images,
    promptDetail: {
      slugId: card.slugId,
      slug: card.slug,
      sortId: card.sortId,
      template: row.has_access ? row.template : null,
      variables: row.variables,
    },
  };
};

/** Tags of a query: comma-separated, trimmed, lower-cased, without empties and duplicates. */
export const parseTags = (raw: string | undefined): string[] => [
  ...new Set(
    (raw ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t.length > 0),
  ),
];

export async function listPrompts(db: Queryable, query: ListQuery): Promise<PromptPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.grade !== null) {
    params.push(query.grade);
    where.push(`p.grade = $${params.length}`);
  }
  if (query.generatorType !== null) {
    params.push(query.generatorType);
    where.push(`p.generator_type = $${params.length}`);
  }
  if (query.tags.length > 0) {
    params.push(query.tags);
    where.push(`p.tags @> $${params.length}::text[]`);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const offset = (query.page - 1) * query.pageSize;
  const [rows, count] = await Promise.all([
    db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM prompts p ${accessJoin(params.length + 1)} ${filter}
       ORDER BY ${ORDER_BY[query.sort]} LIMIT ${query.pageSize} OFFSET ${offset}`,
      [...params, query.userId],
    ),
    db.one<{ total: number }>(`SELECT count(*)::integer AS total FROM prompts p ${filter}`, params),
  ]);
  return { data: rows.map(toCard), total: count.total, page: query.page, pageSize: query.pageSize };
}

/** A prompt reference from the detail call: a numeric id, or a slugId (`slug-sortId`). */
export type PromptRef = { id: number } | { sortId: number; slug: string };

const MAX_INT = 2_147_483_647;

export const parsePromptRef = (raw: string): PromptRef | null => {
  const text = raw.trim();
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    return id >= 1 && id <= MAX_INT ? { id } : null;
  }
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,10})$/i.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const sortId = Number(match[2]);
  return sortId >= 1 && sortId <= MAX_INT ? { sortId, slug: match[1].toLowerCase() } : null;
};

/**
 * The prompt named by ref, as the caller sees it. A slugId is found by its trailing number (the slug part
 * may be stale; the answer carries the canonical slugId for the client to redirect to).
 */
export async function findPrompt(
  db: Queryable,
  ref: PromptRef,
  userId: string | null,
): Promise<PromptFull | null> {
  const [column, value] = 'id' in ref ? ['p.id', ref.id] : ['p.sort_id', ref.sortId];
  const row = await db.maybeOne<FullRow>(
    `SELECT ${CARD_COLUMNS}, p.variables,
            CASE WHEN p.grade = 0 OR a.user_id IS NOT NULL THEN p.template END AS template
     FROM prompts p ${accessJoin(1)}
     WHERE ${column} = $2`,
    [userId, value],
  );
  return row === null ? null : toFull(row);
}

/** The art of one prompt's example images, or null for an unknown prompt. */
export async function findPromptArt(
  db: Queryable,
  id: number,
): Promise<{ art: ArtSpec; imageCount: number } | null> {
  const row = await db.maybeOne<{ art: ArtSpec; image_count: number }>(
    'SELECT art, image_count FROM prompts WHERE id = $1',
    [id],
  );
  return row === null ? null : { art: row.art, imageCount: row.image_count };
}

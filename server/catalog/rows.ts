// The prompts table's row, the columns the catalog's statements select of it, and a row made into a card or
// a detail. The template column is selected only for callers who may see it (requirements §4 Prompt
// access): for everyone else it never leaves the database, so no later code path can leak it.
import {
  kindOfGenerator,
  slugIdOf,
  type GeneratorType,
  type Grade,
  type PromptCard,
  type PromptFull,
  type PromptImage,
  type PromptVariable,
} from '../../domain/catalog.ts';
import type { ArtSpec } from '../images/art-spec.ts';

export const CARD_IMAGE = { width: 480, height: 360 } as const;
/** The condition of a prompt the public sees (alias p): not hidden by the operator (migration 011). */
export const VISIBLE = 'NOT p.hidden';
export const FULL_IMAGE = { width: 960, height: 720 } as const;

/**
 * A row of the prompts table (migrations 001, 011), as the database drivers return it. Every statement's
 * row type is a part of it (Pick), with what the statement computes besides; the search documents
 * (title_doc, label_doc, search_doc: tsvector) are only tested in SQL, never selected.
 */
export interface PromptRow {
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
  template: string;
  variables: PromptVariable[];
  image_count: number;
  art: ArtSpec;
  views: number;
  sales: number;
  created_at: Date;
  updated_at: Date;
  hidden: boolean;
}

/** What every view of a prompt shows of it (a card, a page's metadata): never its template. */
export type PromptFaceRow = Pick<
  PromptRow,
  | 'id'
  | 'sort_id'
  | 'slug'
  | 'title'
  | 'description'
  | 'generator_type'
  | 'grade'
  | 'price_fruit'
  | 'price_cents'
  | 'tags'
  | 'image_count'
>;

/** A card's row (CARD_COLUMNS): the prompt's face, its counts, and the caller's access and favourite. */
export type CardRow = PromptFaceRow &
  Pick<PromptRow, 'views' | 'sales' | 'created_at'> & { has_access: boolean; saved: boolean };

/** A detail's row: the card's, the variables, and the template (null: the caller has no access). */
export type FullRow = CardRow & Pick<PromptRow, 'variables'> & { template: string | null };

/**
 * The card columns, with the names the ORDER BY clauses use (popularity, price_key). `$n` is the
 * caller's user id or null (see userJoins).
 */
export const CARD_COLUMNS = `p.id, p.sort_id, p.slug, p.title, p.description, p.generator_type, p.grade, p.price_fruit,
  p.price_cents, p.tags, p.image_count, p.views, p.sales, p.created_at,
  (p.grade = 0 OR a.user_id IS NOT NULL) AS has_access, (f.user_id IS NOT NULL) AS saved,
  (p.views + p.sales * 25) AS popularity, COALESCE(p.price_fruit, p.price_cents, 0) AS price_key`;

/** LEFT JOINs of the caller's access and favourite rows; parameter $n is the caller's user id or null. */
export const userJoins = (n: number): string =>
  `LEFT JOIN user_prompt_access a ON a.prompt_id = p.id AND a.user_id = $${n}::uuid
   LEFT JOIN favorites f ON f.prompt_id = p.id AND f.user_id = $${n}::uuid`;

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

/** Cards carry `saved` only for a signed-in caller (anonymous cards keep their documented shape). */
export const toCard = (row: CardRow, signedIn: boolean): PromptCard => {
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
    ...(signedIn ? { saved: row.saved } : {}),
  };
};

/** A detail always says whether the caller saved it (false for anonymous callers). */
export type PromptDetail = PromptFull & { saved: boolean };

export const toFull = (row: FullRow): PromptDetail => {
  const card = toCard(row, true);
  const images: PromptImage[] = Array.from({ length: row.image_count }, (_, n) => ({
    url: imageUrl(row.id, n, 'full'),
    ...FULL_IMAGE,
    alt: imageAlt(row.title, n),
  }));
  return {
    ...card,
    saved: row.saved,
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

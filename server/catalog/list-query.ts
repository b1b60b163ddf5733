// What a list of prompts asks for (filters, search text, order, page) and what it answers: the query of
// GET /api/prompts, its orders as SQL, and the page of cards.
import type { GeneratorType, Grade, PromptPage, Sort } from '../../domain/catalog.ts';

/** The list orders: SORTS of the shared vocabulary, and relevance for searches. */
export type ListSort = Sort | 'relevance';

export interface ListQuery {
  grade: Grade | null;
  generatorType: GeneratorType | null;
  tags: string[];
  /** Default: relevance when q is given, else trending. Relevance without q is trending. */
  sort: ListSort | null;
  page: number;
  pageSize: number;
  /** The caller (from a valid token), or null for anonymous. */
  userId: string | null;
  /** Search text (full-text, ranked); null or blank: no search. */
  q?: string | null;
  /** Only the caller's saved prompts (the route requires a caller). */
  saved?: boolean;
}

/** ORDER BY clauses over output columns: those of CARD_COLUMNS (rows.ts), and rank (relevance group) of searches. */
export const ORDER_BY: Record<ListSort, string> = {
  // Popularity: a sale weighs as much as 25 views.
  trending: 'popularity DESC, id ASC',
  newest: 'created_at DESC, id DESC',
  // Free first, then FruitCoin prompts by coins, then premium prompts by cents (the currencies differ).
  price_asc: 'grade ASC, price_key ASC, id ASC',
  price_desc: 'grade DESC, price_key DESC, id ASC',
  // Title matches above title-and-tag matches above description matches, then popularity.
  relevance: 'rank DESC, popularity DESC, id ASC',
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

/** A page of cards; a search adds totalExact, and suggestions when it found nothing. */
export type ListPage = PromptPage & { suggestions?: string[]; totalExact?: boolean };

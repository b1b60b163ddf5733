import type { SearchSchemaInput } from '@tanstack/react-router';
import {
  GENERATOR_TYPES,
  GRADE_VALUES,
  SORTS,
  type GeneratorType,
  type Grade,
  type ListQuery,
  type Sort,
} from '../../domain/catalog.ts';
import { cutSearchQuery } from '../../domain/search-query.ts';
import { asInt } from '../platform/search-params.ts';

/** The catalog search params shared by the listing pages (home, recommended, categories). */
export interface ListSearch {
  type?: GeneratorType;
  grade?: Grade;
  sort?: Sort;
  page?: number;
  /** Several at once, each a chip that can be removed. */
  tags?: string[];
  /** `saved=1`: only the signed-in member's saved prompts. */
  saved?: 1;
}

type RawListSearch = {
  type?: unknown;
  grade?: unknown;
  sort?: unknown;
  page?: unknown;
  tags?: unknown;
  saved?: unknown;
} & SearchSchemaInput;

const MAX_TAGS = 8;

/** `tags` arrives as an array (the router's JSON) or as `a,b` typed by hand; sorted, unique. */
const asTags = (value: unknown): string[] | undefined => {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const tags = [
    ...new Set(
      raw
        .filter((t): t is string => typeof t === 'string')
        .map((t) => t.trim().toLowerCase())
        .filter((t) => t !== '' && t.length <= 40),
    ),
  ]
    .sort()
    .slice(0, MAX_TAGS);
  return tags.length > 0 ? tags : undefined;
};

const pick = <T extends string | number>(allowed: readonly T[], value: unknown): T | undefined =>
  allowed.find((candidate) => String(candidate) === String(value));

/**
 * Unknown or malformed values are dropped rather than failing the page. Every key is returned, even
 * when undefined, so a malformed raw value does not survive the router's merge of raw and validated.
 */
export function validateListSearch(raw: RawListSearch): ListSearch {
  const page = asInt(raw.page);
  return {
    type: pick(GENERATOR_TYPES, raw.type),
    grade: pick(GRADE_VALUES, raw.grade),
    sort: pick(SORTS, raw.sort),
    page: page !== undefined && page > 1 ? page : undefined,
    tags: asTags(raw.tags),
    saved: String(raw.saved) === '1' || raw.saved === true ? 1 : undefined,
  };
}

export const PAGE_SIZE = 24;

/** Only the known fields: the router also passes along whatever else the URL carried. */
export function listQueryOf(search: ListSearch, fixed: Partial<ListQuery> = {}): ListQuery {
  const query: ListQuery = { page: search.page ?? 1, pageSize: PAGE_SIZE };
  if (search.type !== undefined) query.type = search.type;
  if (search.grade !== undefined) query.grade = search.grade;
  if (search.sort !== undefined) query.sort = search.sort;
  if (search.tags !== undefined) query.tags = search.tags;
  if (search.saved === 1) query.saved = true;
  return { ...query, ...fixed };
}

export interface SearchPageSearch extends ListSearch {
  q: string;
}

/** The search text of a raw `q` (a string, a number typed by hand, or the first of several). */
const rawSearchText = (q: unknown): string =>
  typeof q === 'string' ? q : typeof q === 'number' ? String(q) : Array.isArray(q) ? String(q[0] ?? '') : '';

/**
 * `/search?q=…`: q always a trimmed string ('' when absent), cut to the search limit at a word
 * boundary (a longer text is searched, never refused), plus the list filters. The router writes the
 * validated search back into the address (replacing it), so the address shows what was searched.
 */
export function validateSearchPage(raw: { q?: unknown } & RawListSearch): SearchPageSearch {
  return { q: cutSearchQuery(rawSearchText(raw.q)), ...validateListSearch(raw) };
}

export interface CategorySearch extends ListSearch {
  /** requirements §7: a category reference id (free_prompts, fruit_prompts, pay_prompts). */
  id?: string;
}

/** `/category?id=…`: the list filters plus the category's reference id, when one is given. */
export function validateCategorySearch(raw: { id?: unknown } & RawListSearch): CategorySearch {
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id).trim() : '';
  return { ...validateListSearch(raw), id: id === '' ? undefined : id.slice(0, 200) };
}

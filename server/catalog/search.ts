// The search text of GET /api/prompts?q= turned into a PostgreSQL tsquery (requirements §2 search page).
//
//   portrait cat       every word must match (AND)
//   "neon alley"       a phrase: the words next to each other, in this order
//   -winter            without this word (or "-a phrase")
//   portr              a word that is not in the catalog but starts some catalog words: a prefix (portr:*)
//   portriat           a word that is neither: the catalog words within one small typo, by trigram distance
//
// The catalog's vocabulary (table search_terms, migrations 002 and 008), held in memory (lexicon.ts),
// decides which case a word is in; the database stems the words not already remembered, in one statement
// (a bounded memo per database; it and the vocabulary are read again after clearSearchMemo(), called when
// the catalog changes): search-words.ts. The same lookup gives each word's counts, from which
// search-plan.ts plans the search (estimateMatches), and the catalog words it matches as written, with which
// the cards' titles and excerpts are highlighted in JavaScript (search-highlights.ts). The
// tsquery text is built from letters and digits only, each word single-quoted, so nothing a caller types
// can change its syntax.
import { SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import type { Queryable } from '../db/index.ts';
import type { Highlight } from './search-highlights.ts';
import { phrasePairs, UNKNOWN, vocabulary, type DocCounts, type ResolvedWord } from './search-words.ts';

/** Limits of one search text: longer texts are cut, further words ignored (the client's one limit). */
export const MAX_QUERY_LENGTH = SEARCH_QUERY_MAX_LENGTH;
export const MAX_PARTS = 8;
const MAX_WORD_LENGTH = 40;

export interface ParsedSearch {
  /** Single words (lower case), each required. */
  words: string[];
  /** Required phrases: words in order, next to each other. */
  phrases: string[][];
  /** Excluded words or phrases. */
  excluded: string[][];
}

const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, MAX_WORD_LENGTH));

/** Splits a search text into words, quoted phrases and -exclusions. An unclosed quote runs to the end. */
export function parseSearch(raw: string): ParsedSearch {
  let text = raw.normalize('NFKC').slice(0, MAX_QUERY_LENGTH);
  if ((text.match(/"/g) ?? []).length % 2 === 1) text += '"';
  const parsed: ParsedSearch = { words: [], phrases: [], excluded: [] };
  const seen = new Set<string>();
  let parts = 0;
  for (const match of text.matchAll(/(-?)"([^"]*)"|(-?)([^\s"]+)/g)) {
    if (parts >= MAX_PARTS) break;
    const negated = (match[1] ?? match[3]) === '-';
    const quoted = match[2] !== undefined;
    const words = wordsOf(quoted ? (match[2] ?? '') : (match[4] ?? ''));
    if (words.length === 0) continue;
    const key = `${negated ? '-' : ''}${words.join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    parts++;
    if (negated) parsed.excluded.push(words);
    else if (words.length > 1 || quoted) parsed.phrases.push(words);
    else parsed.words.push(words[0]!);
  }
  return parsed;
}

// ---- phrases --------------------------------------------------------------------------------------------

/**
 * A phrase's counts as a single catalog term, written with hyphens or spaces ("sci-fi", "lesson plan":
 * whole tags are terms), or null. Its words' counts say little about it: they occur together far more
 * often than words picked at random.
 */
const phraseSpellings = (phrase: readonly string[]): string[] => [phrase.join('-'), phrase.join(' ')];
function phraseCounts(phrase: readonly string[], terms: Map<string, DocCounts | null>): DocCounts | null {
  const found = phraseSpellings(phrase).flatMap((term) => {
    const counts = terms.get(term);
    return counts ? [counts] : [];
  });
  return found.length === 0 ? null : perDoc((doc) => Math.max(...found.map((counts) => counts[doc])));
}

// ---- the tsquery ----------------------------------------------------------------------------------------

const quote = (word: string): string => `'${word}'`;
const phraseOf = (words: readonly string[]): string => `(${words.map(quote).join(' <-> ')})`;

export interface TsQueries {
  /** What a prompt must match (words, prefixes, typo alternatives, phrases), all required. */
  positive: string;
  /** What it must not match (any of the exclusions), or null. */
  negative: string | null;
}

/**
 * The tsquery texts (for to_tsquery('english', ...)) of a parsed search, or null when nothing positive is
 * left to search for (only stop words, or only exclusions).
 */
export function buildTsQuery(
  parsed: ParsedSearch,
  resolved: readonly Pick<ResolvedWord, 'word' | 'kind' | 'alternatives'>[],
): TsQueries | null {
  const positive: string[] = [];
  for (const r of resolved) {
    if (r.kind === 'exact' || r.kind === 'unknown') positive.push(quote(r.word));
    else if (r.kind === 'prefix') positive.push(`${quote(r.word)}:*`);
    else if (r.kind === 'typo') positive.push(`(${r.alternatives.map(quote).join(' | ')})`);
  }
  for (const phrase of parsed.phrases) positive.push(phraseOf(phrase));
  if (positive.length === 0) return null;
  return {
    positive: positive.join(' & '),
    negative: parsed.excluded.length > 0 ? parsed.excluded.map(phraseOf).join(' | ') : null,
  };
}

// ---- estimates ------------------------------------------------------------------------------------------

/** Prompts a search, or a part of it, matches, per relevance document: a likely number and a bound. */
export interface Estimate {
  /** The likely number: a search's parts as if independent (each part's share of the catalog multiplied). */
  expected: DocCounts;
  /** At most this many (every match matches every part), and at most the catalog. */
  upper: DocCounts;
}

const perDoc = (of: (doc: 0 | 1 | 2) => number): DocCounts => [of(0), of(1), of(2)];
const independent = (counts: readonly DocCounts[], n: number): DocCounts =>
  perDoc((doc) => counts.reduce((share, c) => share * Math.min(1, c[doc] / n), 1) * n);

/** The estimate of a search whose required parts (words and phrases) have these estimates. */
export function estimateMatches(parts: readonly Estimate[], catalogSize: number): Estimate {
  const n = Math.max(catalogSize, 1);
  return {
    expected: independent(
      parts.map((part) => part.expected),
      n,
    ),
    upper: perDoc((doc) => Math.min(n, ...parts.map((part) => part.upper[doc]))),
  };
}

/**
 * A phrase's estimate: at most its rarest word's count; likely its words' independent estimate, or, when
 * the phrase is a catalog term of its own (a tag), that term's count if more.
 */
export function phraseEstimate(
  words: readonly DocCounts[],
  whole: DocCounts | null,
  catalogSize: number,
): Estimate {
  const n = Math.max(catalogSize, 1);
  const upper = perDoc((doc) => Math.min(n, ...words.map((w) => w[doc])));
  const alone = independent(words, n);
  return {
    expected: perDoc((doc) => Math.min(upper[doc], Math.max(alone[doc], whole?.[doc] ?? 0))),
    upper,
  };
}

// ---- the compiled search --------------------------------------------------------------------------------

export interface CompiledSearch {
  /** The tsqueries, or null: nothing to search for. */
  tsQuery: TsQueries | null;
  /** Every word the caller typed (not the exclusions), for suggestions. */
  words: string[];
  /** The estimate of the search in a catalog of a given size, for its plan (from the vocabulary's counts). */
  estimate: (catalogSize: number) => Estimate;
  /** The counts of the tags given, as catalog terms (null: no such term). */
  tags: Map<string, DocCounts | null>;
  /**
   * The share of its matches likely within a grade and generator filter (filterCells), from the words'
   * counts per grade and generator (migration 013): the smallest share of a word (as if the words, given
   * the filter's most telling word, were independent of it); null when no word's counts are known.
   */
  filterShare: (cells: readonly number[]) => number | null;
  highlight: Highlight;
}

/** A search text compiled; `tags` (a tag filter) are looked up with its words, for their counts. */
export async function compileSearch(
  db: Queryable,
  raw: string,
  tags: readonly string[] = [],
): Promise<CompiledSearch> {
  const parsed = parseSearch(raw);
  const all = [...parsed.words, ...parsed.phrases.flat()];
  // Phrases of two words: how often the two go together in titles and tags.
  const pairs = parsed.phrases.filter((phrase) => phrase.length === 2).map((phrase) => phrase.join(' '));
  const [{ words: infos, terms }, paired] = await Promise.all([
    vocabulary(db, all, [...parsed.phrases.flatMap(phraseSpellings), ...tags]),
    pairs.length > 0 ? phrasePairs(db, pairs) : new Map<string, DocCounts | null>(),
  ]);
  /** A phrase's counts as a whole: as a catalog term (a tag), or as a pair of words (the most of either). */
  const wholeCounts = (phrase: readonly string[]): DocCounts | null => {
    const found = [phraseCounts(phrase, terms), paired.get(phrase.join(' ')) ?? null].flatMap((c) =>
      c ? [c] : [],
    );
    return found.length === 0 ? null : perDoc((doc) => Math.max(...found.map((c) => c[doc])));
  };
  const resolved = parsed.words.map(
    (word) =>
      infos.get(word)?.single ?? { word, kind: 'stop' as const, alternatives: [], docs: UNKNOWN, marks: [] },
  );
  const phraseWords = parsed.phrases.map((phrase) =>
    phrase.map((word) => infos.get(word)?.phrase ?? { stop: true, docs: UNKNOWN, marks: [] }),
  );
  // A phrase of stop words only is no condition (to_tsquery drops it); and nothing to estimate.
  const phrases = parsed.phrases.filter((_, i) => phraseWords[i]!.some((w) => !w.stop));
  return {
    tsQuery: buildTsQuery({ ...parsed, phrases }, resolved),
    words: [...new Set(all)],
    tags: new Map(tags.map((tag) => [tag, terms.get(tag) ?? null])),
    filterShare: (cells) => {
      const shares = [
        ...resolved.filter((r) => r.kind !== 'stop').map((r) => r.filters),
        ...phraseWords
          .flat()
          .filter((w) => !w.stop)
          .map((w) => w.filters),
      ].flatMap((counts) => {
        const all = counts?.reduce((total, n) => total + n, 0) ?? 0;
        return counts && all > 0 ? [cells.reduce((total, i) => total + (counts[i] ?? 0), 0) / all] : [];
      });
      return shares.length === 0 ? null : Math.min(...shares);
    },
    estimate: (catalogSize) =>
      estimateMatches(
        [
          ...resolved.filter((r) => r.kind !== 'stop').map((r) => ({ expected: r.docs, upper: r.docs })),
          ...phraseWords.flatMap((words, i) =>
            words.every((w) => w.stop)
              ? []
              : [
                  phraseEstimate(
                    words.filter((w) => !w.stop).map((w) => w.docs),
                    wholeCounts(parsed.phrases[i]!),
                    catalogSize,
                  ),
                ],
          ),
        ],
        catalogSize,
      ),
    highlight: {
      words: new Set([...resolved.flatMap((r) => r.marks), ...phraseWords.flat().flatMap((w) => w.marks)]),
      prefixes: resolved.filter((r) => r.kind === 'prefix').map((r) => r.word),
    },
  };
}

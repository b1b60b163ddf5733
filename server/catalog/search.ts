// The search text of GET /api/prompts?q= turned into a PostgreSQL tsquery (SPEC.md §2 search page).
//
//   portrait cat       every word must match (AND)
//   "neon alley"       a phrase: the words next to each other, in this order
//   -winter            without this word (or "-a phrase")
//   portr              a word that is not in the catalog but starts some catalog words: a prefix (portr:*)
//   portriat           a word that is neither: the catalog words within one small typo, by trigram distance
//
// The catalog's vocabulary (table search_terms, migration 002) decides which case a word is in, in one
// query. The tsquery text is built here from letters and digits only, each word single-quoted, so nothing
// a caller types can change its syntax.
import { SEARCH_MARK_END, SEARCH_MARK_START } from '../../domain/catalog.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import type { Queryable } from '../db/index.ts';

/** Limits of one search text: longer texts are cut, further words ignored (the client's one limit). */
export const MAX_QUERY_LENGTH = SEARCH_QUERY_MAX_LENGTH;
const MAX_PARTS = 8;
const MAX_WORD_LENGTH = 40;
/** Typo alternatives per word, and the shortest word that gets any. */
const MAX_ALTERNATIVES = 3;
const MIN_TYPO_LENGTH = 4;
export const MAX_SUGGESTIONS = 5;

/** The marks around matched words in `match.title` / `match.excerpt` (private-use characters). */
export const MARK_START = SEARCH_MARK_START;
export const MARK_END = SEARCH_MARK_END;

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

export type WordKind = 'exact' | 'prefix' | 'typo' | 'stop' | 'unknown';

export interface ResolvedWord {
  word: string;
  kind: WordKind;
  /** For 'typo': the catalog words it stands for, closest first. */
  alternatives: string[];
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping early above max.
 * "portriat" is one edit from "portrait".
 */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** One small typo: one edit for words up to 7 letters, two for longer ones. */
const typoBudget = (word: string): number => (word.length >= 8 ? 2 : 1);

interface TermRow {
  word: string;
  stop: boolean;
  known: boolean;
  prefix: boolean;
  near: string[];
}

/** Decides, for each single word, how it is searched: one query against the vocabulary. */
export async function resolveWords(db: Queryable, words: readonly string[]): Promise<ResolvedWord[]> {
  if (words.length === 0) return [];
  const rows = await db.query<TermRow>(
    `SELECT w.word, k.stop, k.known, k.prefix,
            CASE WHEN NOT k.stop AND NOT k.known AND NOT k.prefix AND length(w.word) >= $2
                 THEN ARRAY(SELECT s.term FROM search_terms s
                            WHERE s.term ~ '^[[:alnum:]]+$'
                            ORDER BY s.term <-> w.word, s.docs DESC LIMIT 12)
                 ELSE '{}'::text[] END AS near
     FROM unnest($1::text[]) AS w(word)
     CROSS JOIN LATERAL (
       SELECT l.lexemes = '{}'::text[] AS stop,
              EXISTS (SELECT 1 FROM search_terms s WHERE s.lexeme = ANY (l.lexemes)) AS known,
              EXISTS (SELECT 1 FROM search_terms s
                      WHERE s.term LIKE w.word || '%' AND s.term <> w.word) AS prefix
       FROM (SELECT tsvector_to_array(to_tsvector('english', w.word)) AS lexemes) AS l
     ) AS k`,
    [words, MIN_TYPO_LENGTH],
  );
  const byWord = new Map(rows.map((r) => [r.word, r]));
  return words.map((word) => {
    const row = byWord.get(word);
    if (row === undefined || row.stop) return { word, kind: 'stop', alternatives: [] };
    if (row.known) return { word, kind: 'exact', alternatives: [] };
    if (row.prefix && word.length >= 2) return { word, kind: 'prefix', alternatives: [] };
    const alternatives = row.near
      .filter((term) => editDistance(word, term, typoBudget(word)) <= typoBudget(word))
      .slice(0, MAX_ALTERNATIVES);
    return alternatives.length > 0
      ? { word, kind: 'typo', alternatives }
      : { word, kind: 'unknown', alternatives: [] };
  });
}

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
export function buildTsQuery(parsed: ParsedSearch, resolved: readonly ResolvedWord[]): TsQueries | null {
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

export interface CompiledSearch {
  /** The tsqueries, or null: nothing to search for. */
  tsQuery: TsQueries | null;
  /** Every word the caller typed (not the exclusions), for suggestions. */
  words: string[];
}

export async function compileSearch(db: Queryable, raw: string): Promise<CompiledSearch> {
  const parsed = parseSearch(raw);
  const resolved = await resolveWords(db, parsed.words);
  return {
    tsQuery: buildTsQuery(parsed, resolved),
    words: [...new Set([...parsed.words, ...parsed.phrases.flat()])],
  };
}

/**
 * Up to five searches to offer when a search found nothing: the search with each word replaced by its
 * closest catalog word, each catalog word of the search on its own, then catalog words and tags close to
 * the words by trigram similarity (title and tag words only); else the most used tags.
 */
export async function suggestionsFor(db: Queryable, words: readonly string[]): Promise<string[]> {
  const candidates = words.filter((w) => w.length >= 2).slice(0, MAX_PARTS);
  const out: string[] = [];
  if (candidates.length > 0) {
    const found = await db.query<{
      i: number;
      word: string;
      known: boolean;
      term: string | null;
      score: number;
    }>(
      `SELECT w.i::integer AS i, w.word,
              EXISTS (SELECT 1 FROM search_terms s
                      WHERE s.lexeme = ANY (tsvector_to_array(to_tsvector('english', w.word)))) AS known,
              n.term, (1 - n.distance)::real AS score
       FROM unnest($1::text[]) WITH ORDINALITY AS w(word, i)
       LEFT JOIN LATERAL (
         SELECT s.term, s.term <-> w.word AS distance FROM search_terms s
         WHERE s.term <> w.word AND (s.is_tag OR s.in_title)
         ORDER BY distance, s.docs DESC LIMIT 5
       ) AS n ON n.distance <= 0.7
       ORDER BY w.i, n.distance`,
      [candidates],
    );
    // Closest first: a typo seldom changes the first letter, then fewer edits, then trigram similarity.
    const closeness = (word: string, term: string, score: number): number =>
      (term[0] === word[0] ? 0 : 10) + editDistance(word, term, 5) - score;
    const rows = candidates.map((word, index) => {
      const mine = found.filter((row) => row.i === index + 1);
      return {
        word,
        known: mine[0]?.known ?? false,
        near: mine
          .flatMap((row) => (row.term === null ? [] : [{ term: row.term, score: row.score }]))
          .sort((a, b) => closeness(word, a.term, a.score) - closeness(word, b.term, b.score)),
      };
    });
    const best = rows.map((row) => (row.known ? row.word : row.near[0]?.term));
    if (candidates.length > 1 && best.every((w) => w !== undefined)) {
      const corrected = best.join(' ');
      if (corrected !== candidates.join(' ')) out.push(corrected);
    }
    if (candidates.length > 1) out.push(...rows.filter((row) => row.known).map((row) => row.word));
    const near = rows.flatMap((row) => row.near);
    out.push(...near.sort((a, b) => b.score - a.score).map((n) => n.term));
  }
  if (out.length === 0) {
    const rows = await db.query<{ term: string }>(
      `SELECT term FROM search_terms WHERE is_tag ORDER BY docs DESC, term LIMIT $1`,
      [MAX_SUGGESTIONS],
    );
    out.push(...rows.map((r) => r.term));
  }
  return [...new Set(out)].slice(0, MAX_SUGGESTIONS);
}

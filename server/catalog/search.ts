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
// the catalog changes). The same lookup gives each word's counts, from which the
// repository plans the search (estimateMatches), and the catalog words it matches as written, with which
// the cards' titles and excerpts are highlighted here in JavaScript (markMatches, excerptMatches). The
// tsquery text is built from letters and digits only, each word single-quoted, so nothing a caller types
// can change its syntax.
import { SEARCH_MARK_END, SEARCH_MARK_START } from '../../domain/catalog.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import type { Queryable } from '../db/index.ts';
import { type Lexicon, readLexicon } from './lexicon.ts';

/** Limits of one search text: longer texts are cut, further words ignored (the client's one limit). */
export const MAX_QUERY_LENGTH = SEARCH_QUERY_MAX_LENGTH;
const MAX_PARTS = 8;
const MAX_WORD_LENGTH = 40;
/** Typo alternatives per word, and the shortest word that gets any. */
const MAX_ALTERNATIVES = 3;
const MIN_TYPO_LENGTH = 4;
export const MAX_SUGGESTIONS = 5;
/** Nearest terms of a word looked at for its suggestions (the title and tag words among them are kept). */
const SUGGESTION_NEAR_TERMS = 40;
/** The farthest (trigram distance) a catalog word suggested for a word may be. */
const SUGGESTION_DISTANCE = 0.7;

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

/**
 * Prompts a part of a search matches, estimated from the vocabulary's counts, in each relevance document:
 * the title, the title with tags and generator (label), everything (search). Upper bounds as a rule (the
 * counts add the terms of one stem, and are never decreased); Infinity: not known from the vocabulary.
 */
export type DocCounts = readonly [title: number, label: number, search: number];

const NONE: DocCounts = [0, 0, 0];
const UNKNOWN: DocCounts = [Infinity, Infinity, Infinity];

/**
 * Prompts whose search document a word matches, per grade and generator (search_terms.filter_docs,
 * migration 013): index grade * 4 + generator_type - 1.
 */
export type FilterCounts = readonly number[];
/** The FilterCounts indexes of a grade and a generator filter (null: any). */
export const filterCells = (grade: number | null, generatorType: number | null): number[] =>
  [0, 1, 2].flatMap((g) =>
    [1, 2, 3, 4].flatMap((t) =>
      (grade === null || grade === g) && (generatorType === null || generatorType === t)
        ? [g * 4 + t - 1]
        : [],
    ),
  );
/** Counts summed (alternatives of a typo); null when one is not known. */
const sumCounts = (all: readonly (FilterCounts | null | undefined)[]): FilterCounts | null =>
  all.some((c) => !c)
    ? null
    : all.reduce<number[]>((sum, c) => sum.map((n, i) => n + (c![i] ?? 0)), Array<number>(12).fill(0));

export interface ResolvedWord {
  word: string;
  kind: WordKind;
  /** For 'typo': the catalog words it stands for, closest first. */
  alternatives: string[];
  /** How many prompts it matches, as searched (see DocCounts). */
  docs: DocCounts;
  /** The catalog words it matches as written in a text (lower case), for highlights; prefixes aside. */
  marks: string[];
  /** Prompts it matches per grade and generator (see FilterCounts), or null: not known. */
  filters?: FilterCounts | null;
}

/** A word as a phrase takes it: its English stem, never a prefix or a typo. */
interface PhraseWord {
  stop: boolean;
  docs: DocCounts;
  marks: string[];
  filters?: FilterCounts | null;
}

/** What the vocabulary says about one word, kept in the memo. */
interface WordInfo {
  single: ResolvedWord;
  phrase: PhraseWord;
  /** A catalog word: catalog words share its stem (suggestions keep it as it is). */
  known: boolean;
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

/**
 * Words every prompt's label document holds for its generator (prompts_label_text, migration 002) without
 * them being in the vocabulary, and one-letter words (the vocabulary keeps 2 letters and more): the
 * vocabulary cannot say how common they are.
 */
const UNCOUNTED = new Set(['midjourney', 'dalle', 'dall', 'chatgpt', 'gpt', 'kling', 'video']);

/** Prefix terms summed for an estimate; a prefix of more terms than this counts as "very common". */
const PREFIX_TERMS = 400;
/** Nearest terms looked at for a typo (the closest MAX_ALTERNATIVES within one small typo are kept). */
const NEAR_TERMS = 20;
const NEAR_KEPT = 12;

interface Counts {
  docs: number;
  title_docs: number;
  label_docs: number;
  filter_docs?: FilterCounts | null;
}
const countsOf = (c: Counts): DocCounts => [c.title_docs, c.label_docs, c.docs];

interface TermRow extends Counts {
  word: string;
  stop: boolean;
  terms: string[];
  prefix_terms: number | null;
  prefix: Counts | null;
  near: (Counts & { term: string; lexeme: string; distance: number; terms: string[] })[] | null;
}

/**
 * Everything the vocabulary says about some words and terms. Per word: its stem and the catalog words of
 * that stem with their counts (a known word); else how many catalog words it starts and their counts (a
 * prefix); else the catalog words nearest to it by trigram distance, each with its stem's words and
 * counts (a typo). Per term (exact spellings: phrases as tags, tag filters): its counts, if it is one.
 * The stems come from the database (its English dictionary, as in the search documents), in one
 * statement; the rest from the vocabulary in memory (lexicon.ts).
 */
async function lookUp(
  db: Queryable,
  words: readonly string[],
  terms: readonly string[],
): Promise<{ words: Map<string, WordInfo>; terms: Map<string, DocCounts | null> }> {
  const [lexicon, stems] = await Promise.all([
    lexiconOf(db),
    words.length === 0
      ? []
      : db.query<{ word: string; lexemes: string[] }>(
          `SELECT w.word, tsvector_to_array(to_tsvector('english', w.word)) AS lexemes
           FROM unnest($1::text[]) AS w(word)`,
          [words],
        ),
  ]);
  const rows = stems.map(({ word, lexemes }): TermRow => {
    const stop = lexemes.length === 0;
    const known = lexicon.ofLexemes(lexemes);
    const prefixed =
      !stop && known.length === 0 && word.length >= 2 ? lexicon.withPrefix(word, PREFIX_TERMS) : [];
    const near =
      !stop && known.length === 0 && prefixed.length === 0 && word.length >= MIN_TYPO_LENGTH
        ? lexicon.nearest(word, NEAR_TERMS).map(({ term, distance }) => {
            const stem = lexicon.ofLexemes([term.lexeme]);
            return {
              term: term.term,
              lexeme: term.lexeme,
              distance,
              terms: stem.map((t) => t.term),
              ...sumOf(stem),
            };
          })
        : [];
    return {
      word,
      stop,
      terms: known.map((t) => t.term),
      ...sumOf(known),
      prefix_terms: prefixed.length,
      prefix: prefixed.length > 0 ? sumOf(prefixed) : null,
      near: near.length > 0 ? near : null,
    };
  });
  return {
    words: new Map(rows.map((row) => [row.word, infoOf(row)])),
    terms: new Map(
      terms.map((term) => {
        const found = lexicon.term(term);
        return [term, found === undefined ? null : countsOf(found)];
      }),
    ),
  };
}

/** Terms' counts added up (a stem's words, a prefix's). */
const sumOf = (terms: readonly Counts[]): Required<Counts> => ({
  docs: terms.reduce((n, t) => n + t.docs, 0),
  title_docs: terms.reduce((n, t) => n + t.title_docs, 0),
  label_docs: terms.reduce((n, t) => n + t.label_docs, 0),
  filter_docs: sumCounts(terms.map((t) => t.filter_docs)),
});

function infoOf(row: TermRow): WordInfo {
  const { word } = row;
  const widen = (docs: DocCounts): DocCounts =>
    word.length < 2 ? UNKNOWN : UNCOUNTED.has(word) ? [docs[0], Infinity, Infinity] : docs;
  if (row.stop) {
    return {
      single: { word, kind: 'stop', alternatives: [], docs: UNKNOWN, marks: [] },
      phrase: { stop: true, docs: UNKNOWN, marks: [] },
      known: false,
    };
  }
  const known = row.terms.length > 0;
  // Counts per grade and generator, when the word's count in the search document is known.
  const filtersOf = (docs: DocCounts, counts: FilterCounts | null | undefined): FilterCounts | null =>
    Number.isFinite(docs[2]) && counts ? counts : null;
  const phraseDocs = widen(known ? countsOf(row) : NONE);
  const phrase: PhraseWord = {
    stop: false,
    docs: phraseDocs,
    marks: known ? row.terms : [word],
    filters: known ? filtersOf(phraseDocs, row.filter_docs) : null,
  };
  const single = ((): ResolvedWord => {
    if (known) {
      return {
        word,
        kind: 'exact',
        alternatives: [],
        docs: phrase.docs,
        marks: row.terms,
        filters: phrase.filters,
      };
    }
    if (row.prefix !== null && (row.prefix_terms ?? 0) > 0) {
      const docs = widen((row.prefix_terms ?? 0) >= PREFIX_TERMS ? UNKNOWN : countsOf(row.prefix));
      return {
        word,
        kind: 'prefix',
        alternatives: [],
        docs,
        marks: [],
        filters: filtersOf(docs, row.prefix.filter_docs),
      };
    }
    const near = (row.near ?? [])
      .filter((n) => /^[\p{L}\p{N}]+$/u.test(n.term))
      .slice(0, NEAR_KEPT)
      .filter((n) => editDistance(word, n.term, typoBudget(word)) <= typoBudget(word))
      .slice(0, MAX_ALTERNATIVES);
    if (near.length === 0)
      return { word, kind: 'unknown', alternatives: [], docs: phrase.docs, marks: [word] };
    // Alternatives of one stem match the same prompts: count each stem once.
    const stems = [...new Map(near.map((n) => [n.lexeme, n])).values()];
    const sum = (pick: (n: Counts) => number) => stems.reduce((total, n) => total + pick(n), 0);
    const docs = widen([sum((n) => n.title_docs), sum((n) => n.label_docs), sum((n) => n.docs)]);
    return {
      word,
      kind: 'typo',
      alternatives: near.map((n) => n.term),
      docs,
      marks: [...new Set(stems.flatMap((n) => n.terms))],
      filters: filtersOf(docs, sumCounts(stems.map((n) => n.filter_docs))),
    };
  })();
  return { single, phrase, known };
}

// ---- the memo of word lookups --------------------------------------------------------------------------

/** Words (and phrases) remembered per database; the least recently used go first. */
export const SEARCH_MEMO_SIZE = 5000;

/** A map that forgets its least recently used entries past `size`. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    for (const old of this.map.keys()) {
      if (this.map.size <= this.size) break;
      this.map.delete(old);
    }
  }
}

interface Memo {
  words: Lru<WordInfo>;
  /** Catalog terms' counts (whole tags like "sci-fi" are terms), or null: no such term. */
  terms: Lru<DocCounts | null>;
  /** Two-word phrases' counts in titles and tags (search_phrases), or null: in none. */
  phrases: Lru<DocCounts | null>;
  /** The vocabulary in memory, once read (lexicon.ts). */
  lexicon: Promise<Lexicon> | null;
}
let memos = new WeakMap<object, Memo>();

/**
 * Forgets every word lookup. Call it when the catalog changes (prompts written, edited or removed): a
 * remembered word keeps its kind and counts until then.
 */
export function clearSearchMemo(): void {
  memos = new WeakMap();
}

function memoOf(db: Queryable): Memo {
  let memo = memos.get(db);
  if (memo === undefined) {
    memo = {
      words: new Lru(SEARCH_MEMO_SIZE),
      terms: new Lru(SEARCH_MEMO_SIZE),
      phrases: new Lru(SEARCH_MEMO_SIZE),
      lexicon: null,
    };
    memos.set(db, memo);
  }
  return memo;
}

/** The vocabulary in memory: read at the first search after a start or a change of the catalog. */
function lexiconOf(db: Queryable): Promise<Lexicon> {
  const memo = memoOf(db);
  if (memo.lexicon === null) {
    const reading = readLexicon(db);
    memo.lexicon = reading;
    // a failed read is not kept: the next search reads again
    reading.catch(() => {
      if (memo.lexicon === reading) memo.lexicon = null;
    });
  }
  return memo.lexicon;
}

/**
 * What the vocabulary says about some words and some terms (see lookUp): from the memo, or in one query
 * for those not in it.
 */
export async function vocabulary(
  db: Queryable,
  words: readonly string[],
  terms: readonly string[] = [],
): Promise<{ words: Map<string, WordInfo>; terms: Map<string, DocCounts | null> }> {
  const memo = memoOf(db);
  const out = { words: new Map<string, WordInfo>(), terms: new Map<string, DocCounts | null>() };
  const missingWords: string[] = [];
  const missingTerms: string[] = [];
  for (const word of new Set(words)) {
    const info = memo.words.get(word);
    if (info === undefined) missingWords.push(word);
    else out.words.set(word, info);
  }
  for (const term of new Set(terms)) {
    const counts = memo.terms.get(term);
    if (counts === undefined) missingTerms.push(term);
    else out.terms.set(term, counts);
  }
  if (missingWords.length + missingTerms.length > 0) {
    const found = await lookUp(db, missingWords, missingTerms);
    for (const [word, info] of found.words) {
      out.words.set(word, info);
      memo.words.set(word, info);
    }
    for (const [term, counts] of found.terms) {
      out.terms.set(term, counts);
      memo.terms.set(term, counts);
    }
  }
  return out;
}

/**
 * How many titles, and titles or tags, hold each of some two-word phrases, their words' stems next to each
 * other (search_phrases, migration 015; descriptions are not counted: the search document's count is at
 * least the label's), or null: none. From the memo, or in one query for those not in it.
 */
async function phrasePairs(
  db: Queryable,
  phrases: readonly string[],
): Promise<Map<string, DocCounts | null>> {
  const memo = memoOf(db);
  const out = new Map<string, DocCounts | null>();
  const missing: string[] = [];
  for (const phrase of new Set(phrases)) {
    const counts = memo.phrases.get(phrase);
    if (counts === undefined) missing.push(phrase);
    else out.set(phrase, counts);
  }
  if (missing.length > 0) {
    const rows = await db.query<{ phrase: string; title_docs: number; label_docs: number }>(
      `SELECT t.phrase, s.title_docs, s.label_docs
       FROM unnest($1::text[]) AS t(phrase)
       CROSS JOIN LATERAL (
         SELECT string_agg(u.lexeme, ' ' ORDER BY u.positions[1]) AS pair
         FROM unnest(to_tsvector('english', t.phrase)) AS u) AS k
       JOIN search_phrases s ON s.phrase = k.pair`,
      [missing],
    );
    const found = new Map(rows.map((r) => [r.phrase, [r.title_docs, r.label_docs, r.label_docs] as const]));
    for (const phrase of missing) {
      const counts = found.get(phrase) ?? null;
      out.set(phrase, counts);
      memo.phrases.set(phrase, counts);
    }
  }
  return out;
}

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

// ---- highlights -----------------------------------------------------------------------------------------

/**
 * What to mark in a card's title and description: the catalog words a search's words, typo alternatives
 * and phrase words match as written (every form of their stems), and any word starting with a prefix.
 * Like ts_headline, a phrase's words are marked wherever they stand.
 */
export interface Highlight {
  /** Lower case. */
  words: ReadonlySet<string>;
  prefixes: readonly string[];
}

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

interface Token {
  start: number;
  end: number;
  word: string;
}

const tokensOf = (text: string): Token[] =>
  [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    word: m[0].toLowerCase(),
  }));

/** Which tokens the search matched. */
const matchedTokens = (tokens: readonly Token[], highlight: Highlight): boolean[] =>
  tokens.map(
    (t) => highlight.words.has(t.word) || highlight.prefixes.some((prefix) => t.word.startsWith(prefix)),
  );

const stripMarks = (text: string): string => text.replaceAll(MARK_START, '').replaceAll(MARK_END, '');

/** The text with each matched word between MARK_START and MARK_END, or null when nothing matched. */
export function markMatches(text: string, highlight: Highlight): string | null {
  const plain = stripMarks(text);
  const tokens = tokensOf(plain);
  const hit = matchedTokens(tokens, highlight);
  if (!hit.includes(true)) return null;
  let out = '';
  let at = 0;
  tokens.forEach((t, i) => {
    if (!hit[i]) return;
    out += `${plain.slice(at, t.start)}${MARK_START}${plain.slice(t.start, t.end)}${MARK_END}`;
    at = t.end;
  });
  return out + plain.slice(at);
}

/** Words of a description excerpt around its matches (ts_headline's MaxWords; "a-b" counts as two). */
export const EXCERPT_WORDS = 24;

/**
 * The part of a description around the matched words: at most EXCERPT_WORDS words, the stretch holding
 * the most matched words with them in its middle, the matched words marked, and an ellipsis where the
 * description goes on. Null when nothing in the description matched.
 */
export function excerptMatches(description: string, highlight: Highlight): string | null {
  const text = stripMarks(description).trim().replace(/\s+/g, ' ');
  const tokens = tokensOf(text);
  const hit = matchedTokens(tokens, highlight);
  if (!hit.includes(true)) return null;
  // The text's space-separated pieces: where each starts, how many words it counts, whether it matched.
  const pieces: { start: number; end: number; words: number; hit: boolean }[] = [];
  for (const m of text.matchAll(/\S+/g))
    pieces.push({ start: m.index, end: m.index + m[0].length, words: 0, hit: false });
  let at = 0;
  tokens.forEach((t, i) => {
    while (pieces[at]!.end < t.end) at++;
    pieces[at]!.words++;
    if (hit[i]) pieces[at]!.hit = true;
  });
  // Words before each piece (a piece counts one word at least), so a stretch's words cost no loop.
  const before = [0];
  for (const piece of pieces) before.push(before.at(-1)! + Math.max(1, piece.words));
  const wordsOf = (from: number, to: number): number => before[to]! - before[from]!;
  let from = 0;
  let to = pieces.length;
  if (wordsOf(0, pieces.length) > EXCERPT_WORDS) {
    // The stretch from one matched piece to another with the most matched pieces (the first of equals).
    const hits = pieces.flatMap((piece, i) => (piece.hit ? [i] : []));
    let best = { first: hits[0]!, last: hits[0]!, count: 1 };
    for (let i = 0, j = 0; i < hits.length; i++) {
      j = Math.max(j, i);
      while (j + 1 < hits.length && wordsOf(hits[i]!, hits[j + 1]! + 1) <= EXCERPT_WORDS) j++;
      if (j - i + 1 > best.count) best = { first: hits[i]!, last: hits[j]!, count: j - i + 1 };
    }
    // Then words on either side in turn, as long as they fit.
    from = best.first;
    to = best.last + 1;
    for (let grew = true; grew;) {
      grew = false;
      if (from > 0 && wordsOf(from - 1, to) <= EXCERPT_WORDS) {
        from--;
        grew = true;
      }
      if (to < pieces.length && wordsOf(from, to + 1) <= EXCERPT_WORDS) {
        to++;
        grew = true;
      }
    }
  }
  const start = pieces[from]!.start;
  const end = pieces[to - 1]!.end;
  let out = '';
  let copied = start;
  tokens.forEach((t, i) => {
    if (!hit[i] || t.start < start || t.end > end) return;
    out += `${text.slice(copied, t.start)}${MARK_START}${text.slice(t.start, t.end)}${MARK_END}`;
    copied = t.end;
  });
  out += text.slice(copied, end);
  return `${from > 0 ? '… ' : ''}${out}${to < pieces.length ? ' …' : ''}`;
}

/**
 * Up to five searches to offer when a search found nothing: the search with each word replaced by its
 * closest catalog word, each catalog word of the search on its own, then catalog words and tags close to
 * the words by trigram similarity (title and tag words only); else the most used tags. From the
 * vocabulary in memory (the words were looked up by the search).
 */
export async function suggestionsFor(db: Queryable, words: readonly string[]): Promise<string[]> {
  const candidates = words.filter((w) => w.length >= 2).slice(0, MAX_PARTS);
  const [lexicon, { words: infos }] = await Promise.all([lexiconOf(db), vocabulary(db, candidates)]);
  // Closest first: a typo seldom changes the first letter, then fewer edits, then trigram similarity.
  const closeness = (word: string, term: string, score: number): number =>
    (term[0] === word[0] ? 0 : 10) + editDistance(word, term, 5) - score;
  const rows = candidates.map((word) => ({
    word,
    known: infos.get(word)?.known ?? false,
    // nearest first, then the title and tag words among them, within reach
    near: lexicon
      .nearest(word, SUGGESTION_NEAR_TERMS)
      .filter((n) => n.term.term !== word && (n.term.is_tag || n.term.in_title))
      .slice(0, MAX_SUGGESTIONS)
      .filter((n) => n.distance <= SUGGESTION_DISTANCE)
      .map((n) => ({ term: n.term.term, score: Math.fround(1 - n.distance) }))
      .sort((a, b) => closeness(word, a.term, a.score) - closeness(word, b.term, b.score)),
  }));
  const out: string[] = [];
  const best = rows.map((row) => (row.known ? row.word : row.near[0]?.term));
  if (candidates.length > 1 && best.every((w) => w !== undefined)) {
    const corrected = best.join(' ');
    if (corrected !== candidates.join(' ')) out.push(corrected);
  }
  if (candidates.length > 1) out.push(...rows.filter((row) => row.known).map((row) => row.word));
  const near = rows.flatMap((row) => row.near);
  out.push(...near.sort((a, b) => b.score - a.score).map((n) => n.term));
  if (out.length === 0) out.push(...lexicon.topTags(MAX_SUGGESTIONS).map((t) => t.term));
  return [...new Set(out)].slice(0, MAX_SUGGESTIONS);
}

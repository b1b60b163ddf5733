// What the catalog's vocabulary says about the words of a search (search.ts): each word's kind (a catalog
// word, a prefix, a typo, a stop word), its counts per relevance document (and per grade and generator),
// and the catalog words it matches as written. The vocabulary (table search_terms, migrations 002 and 008)
// is held in memory (lexicon.ts); the database stems the words not already remembered, in one statement (a
// bounded memo per database; it and the vocabulary are read again after clearSearchMemo(), called when the
// catalog changes).
import type { Queryable } from '../db/index.ts';
import { type Lexicon, readLexicon } from './lexicon.ts';

/** Typo alternatives per word, and the shortest word that gets any. */
const MAX_ALTERNATIVES = 3;
const MIN_TYPO_LENGTH = 4;

export type WordKind = 'exact' | 'prefix' | 'typo' | 'stop' | 'unknown';

/**
 * Prompts a part of a search matches, estimated from the vocabulary's counts, in each relevance document:
 * the title, the title with tags and generator (label), everything (search). Upper bounds as a rule (the
 * counts add the terms of one stem, and are never decreased); Infinity: not known from the vocabulary.
 */
export type DocCounts = readonly [title: number, label: number, search: number];

const NONE: DocCounts = [0, 0, 0];
export const UNKNOWN: DocCounts = [Infinity, Infinity, Infinity];

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

// ---- the memo of word lookups ---------------------------------------------------------------------------

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
export function lexiconOf(db: Queryable): Promise<Lexicon> {
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
export async function phrasePairs(
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

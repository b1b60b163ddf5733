// The catalog's vocabulary (table search_terms) held in memory, for the word lookups of a search: which
// catalog words share a stem, start with a prefix, or are nearest to a typo by trigram distance.
//
// The database answered these with its trigram index (pg_trgm's GiST, ORDER BY term <-> word): 2 to 3 ms a
// typo when its pages were in memory, 8 to 13 ms when not, the slowest part of a search for a word the
// catalog does not have (issue 19). The vocabulary is small (5,257 terms over the bench's 100,000 prompts,
// about a megabyte here): read once, it answers in a fraction of a millisecond from an index of its
// trigrams. It is read again after the catalog changes (clearSearchMemo in search-words.ts), like the memo of
// words it replaces the lookups of.
//
// Trigrams and similarity are pg_trgm's (contrib/pg_trgm/trgm_op.c): each word of a text (letters and
// digits; "sci-fi" is two), lower case, padded with two spaces before and one after, cut into every run of
// three characters; similarity is the shared trigrams over the trigrams of both (each counted once), in
// single precision; distance is 1 minus it. Letters beyond ASCII are letters here whatever the
// database's locale (a C-locale database's pg_trgm splits words at them).
import type { Queryable } from '../db/index.ts';

export interface Term {
  term: string;
  /** Its English stem, as in the prompts' search documents. */
  lexeme: string;
  docs: number;
  title_docs: number;
  label_docs: number;
  filter_docs: number[] | null;
  is_tag: boolean;
  in_title: boolean;
}

/** A catalog term and its trigram distance to a word (0: the same trigrams, 1: none shared). */
export interface Near {
  term: Term;
  distance: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** pg_trgm's trigrams of a text, each once. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** pg_trgm's similarity of two trigram counts and their shared count, as `real` (single precision). */
const similarity = (a: number, b: number, shared: number): number =>
  a === 0 || b === 0 ? 0 : Math.fround(shared / (a + b - shared));

/** pg_trgm's distance (the `<->` operator), as `real`. */
export const trigramDistance = (a: string, b: string): number => {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return Math.fround(1 - similarity(x.size, y.size, shared));
};

export class Lexicon {
  /** Terms in code-unit order (a prefix's terms are next to each other). */
  private readonly sorted: Term[];
  private readonly byTerm = new Map<string, Term>();
  /** Terms of each stem, most used first. */
  private readonly byLexeme = new Map<string, Term[]>();
  /** Per trigram, the indexes (into `sorted`) of the terms that have it; and each term's trigram count. */
  private readonly postings = new Map<string, number[]>();
  private readonly sizes: Uint16Array;
  /** Shared trigrams per term while nearest() counts them (all 0 between calls). */
  private readonly shared: Uint16Array;
  /** Whole tags, most used first. */
  private readonly tags: Term[];

  constructor(terms: readonly Term[]) {
    this.sorted = [...terms].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    this.sizes = new Uint16Array(this.sorted.length);
    this.shared = new Uint16Array(this.sorted.length);
    this.sorted.forEach((t, i) => {
      this.byTerm.set(t.term, t);
      const stem = this.byLexeme.get(t.lexeme);
      if (stem === undefined) this.byLexeme.set(t.lexeme, [t]);
      else stem.push(t);
      const grams = trigrams(t.term);
      this.sizes[i] = grams.size;
      for (const g of grams) {
        const list = this.postings.get(g);
        if (list === undefined) this.postings.set(g, [i]);
        else list.push(i);
      }
    });
    for (const stem of this.byLexeme.values()) stem.sort(byUse);
    this.tags = this.sorted.filter((t) => t.is_tag).sort(byUse);
  }

  get size(): number {
    return this.sorted.length;
  }

  term(term: string): Term | undefined {
    return this.byTerm.get(term);
  }

  /** The terms of any of these stems, most used first. */
  ofLexemes(lexemes: readonly string[]): Term[] {
    return lexemes.flatMap((lexeme) => this.byLexeme.get(lexeme) ?? []).sort(byUse);
  }

  /** Up to `limit` terms that start with `prefix` and are longer (term LIKE 'prefix%' AND term <> prefix). */
  withPrefix(prefix: string, limit: number): Term[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]!.term < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: Term[] = [];
    for (let i = lo; i < this.sorted.length && out.length < limit; i++) {
      const t = this.sorted[i]!;
      if (!t.term.startsWith(prefix)) break;
      if (t.term !== prefix) out.push(t);
    }
    return out;
  }

  /**
   * The `limit` terms nearest to a word by trigram distance, nearest first, then the most used (ORDER BY
   * term <-> word LIMIT n). Only terms sharing a trigram with it: the others are at distance 1, nearer
   * than nothing and never within a typo or a suggestion's reach.
   */
  nearest(word: string, limit: number): Near[] {
    const grams = trigrams(word);
    const shared = this.shared;
    const touched: number[] = [];
    for (const g of grams) {
      for (const i of this.postings.get(g) ?? []) {
        if (shared[i] === 0) touched.push(i);
        shared[i]!++;
      }
    }
    const near: Near[] = touched.map((i) => ({
      term: this.sorted[i]!,
      distance: Math.fround(1 - similarity(grams.size, this.sizes[i]!, shared[i]!)),
    }));
    for (const i of touched) shared[i] = 0;
    return near.sort((a, b) => a.distance - b.distance || byUse(a.term, b.term)).slice(0, limit);
  }

  /** The most used whole tags. */
  topTags(limit: number): Term[] {
    return this.tags.slice(0, limit);
  }
}

/** Most used first; of equals, in code-unit order. */
function byUse(a: Term, b: Term): number {
  return b.docs - a.docs || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);
}

/** The whole vocabulary, read. */
export async function readLexicon(db: Queryable): Promise<Lexicon> {
  const rows = await db.query<Term>(
    `SELECT term, lexeme, docs, title_docs, label_docs, filter_docs, is_tag, in_title FROM search_terms`,
  );
  return new Lexicon(rows);
}

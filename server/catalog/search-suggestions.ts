// Searches to offer when a search found nothing, from the vocabulary in memory (search-words.ts).
import type { Queryable } from '../db/index.ts';
import { MAX_PARTS } from './search.ts';
import { editDistance, lexiconOf, vocabulary } from './search-words.ts';

export const MAX_SUGGESTIONS = 5;
/** Nearest terms of a word looked at for its suggestions (the title and tag words among them are kept). */
const SUGGESTION_NEAR_TERMS = 40;
/** The farthest (trigram distance) a catalog word suggested for a word may be. */
const SUGGESTION_DISTANCE = 0.7;

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

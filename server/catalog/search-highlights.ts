// Highlights of a search's matches in a card's title and description excerpt, made in JavaScript from the
// catalog words the search's words match as written (search-words.ts); never from the template.
import { SEARCH_MARK_END, SEARCH_MARK_START } from '../../domain/catalog.ts';

/** The marks around matched words in `match.title` / `match.excerpt` (private-use characters). */
export const MARK_START = SEARCH_MARK_START;
export const MARK_END = SEARCH_MARK_END;

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

import { describe, expect, it } from 'vitest';
import { cutSearchQuery, SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';

const words = (n: number): string =>
  Array.from({ length: n }, (_, i) => `word${String(i).padStart(3, '0')}`).join(' ');

describe('one search query limit (issue 15)', () => {
  it('is the limit the header box, the /search address, the list and the API share', () => {
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(200);
  });

  it('keeps a query within the limit as it is, only trimmed', () => {
    expect(cutSearchQuery('  watercolor fox ')).toBe('watercolor fox');
    expect(cutSearchQuery('')).toBe('');
    const exact = 'x'.repeat(SEARCH_QUERY_MAX_LENGTH);
    expect(cutSearchQuery(exact)).toBe(exact);
  });

  it('cuts a longer query at the last word boundary within the limit', () => {
    const long = words(100); // 7 characters a word plus a space: 799 characters
    const cut = cutSearchQuery(long);
    expect(cut.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_LENGTH);
    expect(long.startsWith(cut)).toBe(true);
    // whole words only: 25 words of 7 characters and 24 spaces make 199
    expect(cut).toBe(words(25));
    expect(cut.endsWith(' ')).toBe(false);
  });

  it('keeps the word that ends exactly at the limit', () => {
    const head = 'a'.repeat(SEARCH_QUERY_MAX_LENGTH - 4);
    expect(cutSearchQuery(`${head} bcd efg`)).toBe(`${head} bcd`);
  });

  it('cuts an unbroken word longer than the limit at the limit', () => {
    expect(cutSearchQuery('y'.repeat(600))).toBe('y'.repeat(SEARCH_QUERY_MAX_LENGTH));
    expect(cutSearchQuery(`cat ${'y'.repeat(600)}`)).toBe('cat');
  });

  it('counts characters the way the input box does and never splits a surrogate pair', () => {
    const emoji = '🍓'; // two UTF-16 code units
    const text = 'x'.repeat(SEARCH_QUERY_MAX_LENGTH - 1) + emoji + 'tail';
    const cut = cutSearchQuery(text);
    expect(cut).toBe('x'.repeat(SEARCH_QUERY_MAX_LENGTH - 1));
    expect(cut.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_LENGTH);
  });

  it('takes the limit as an argument and treats any whitespace as a boundary', () => {
    expect(cutSearchQuery('red\tfox\nin snow', 9)).toBe('red\tfox');
    expect(cutSearchQuery('red fox', 3)).toBe('red');
  });

  it('does not leave a dangling operator at the cut', () => {
    expect(cutSearchQuery('red fox - snow', 9)).toBe('red fox');
    expect(cutSearchQuery('red fox " snow', 9)).toBe('red fox');
    expect(cutSearchQuery('red fox -snow', 10)).toBe('red fox');
  });
});

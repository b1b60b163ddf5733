import { describe, expect, it } from 'vitest';
import {
  canViewTemplate,
  fillTemplate,
  formatPrice,
  kindOfGenerator,
  sameQuery,
  slugIdOf,
  stripLeadingPhrase,
  templateKind,
} from '../../domain/catalog.ts';

describe('catalog domain (requirements §4, §9)', () => {
  it('lets anyone see free templates and only entitled members the others', () => {
    expect(canViewTemplate({ grade: 0, hasAccess: 0 }, false)).toBe(true);
    expect(canViewTemplate({ grade: 1, hasAccess: 1 }, false)).toBe(false);
    expect(canViewTemplate({ grade: 2, hasAccess: 0 }, true)).toBe(false);
    expect(canViewTemplate({ grade: 2, hasAccess: 1 }, true)).toBe(true);
  });

  it('derives the template kind from the grade, only for image prompts', () => {
    expect(templateKind({ type: '1', grade: 0 })).toBe('free');
    expect(templateKind({ type: '1', grade: 1 })).toBe('fruitcoin');
    expect(templateKind({ type: '1', grade: 2 })).toBe('paid');
    expect(templateKind({ type: '2', grade: 2 })).toBeNull();
    expect(kindOfGenerator(3)).toBe('2');
    expect(kindOfGenerator(4)).toBe('1');
  });

  it('strips the leading phrases from the first variable only', () => {
    expect(stripLeadingPhrase('a red fox', 0)).toBe('red fox');
    expect(stripLeadingPhrase('an owl', 0)).toBe('owl');
    expect(stripLeadingPhrase('colorful backgrounds in gold and teal', 0)).toBe('teal');
    expect(stripLeadingPhrase('a red fox', 1)).toBe('a red fox');
    expect(stripLeadingPhrase('apple', 0)).toBe('apple');
  });

  it('fills [Variable N] placeholders and leaves empty ones visible', () => {
    const t = 'a portrait of a [Variable 1] in [Variable 2] light, [Variable 1] again';
    expect(fillTemplate(t, ['an old fisherman', 'golden'])).toBe(
      'a portrait of a old fisherman in golden light, old fisherman again',
    );
    expect(fillTemplate(t, ['', ' '])).toBe(t);
  });

  it('formats prices by grade and builds slugIds', () => {
    expect(formatPrice({ grade: 0, priceFruit: null, priceCents: null })).toBe('Free');
    expect(formatPrice({ grade: 1, priceFruit: 40, priceCents: null })).toBe('40 FruitCoins');
    expect(formatPrice({ grade: 2, priceFruit: null, priceCents: 499 })).toBe('$4.99');
    expect(slugIdOf('misty-lake', 12)).toBe('misty-lake-12');
  });

  it('compares list queries with their defaults', () => {
    expect(sameQuery({}, { sort: 'trending', page: 1 })).toBe(true);
    expect(sameQuery({ tags: ['a'] }, { tags: ['b'] })).toBe(false);
  });
});

// Small deterministic helpers shared by the seed content modules: a seeded PRNG (no Math.random),
// text helpers for titles and slugs, and the template builder that turns `{1}`..`{4}` slots into
// `[Variable N]` placeholders with their labels and example values.
import type { PromptVariable } from '../../../domain/catalog.ts';
import type { ArtSpec } from '../../images/art-spec.ts';

export type Scene = ArtSpec['scene'];

export interface Rng {
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  /** n distinct items (or all of them when fewer) */
  sample<T>(items: readonly T[], n: number): T[];
}

/** mulberry32: small, fast and good enough for demo content. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, n),
  };
}

/** FNV-1a, to derive independent seeds from names. */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'in',
  'on',
  'at',
  'to',
  'for',
  'with',
  'by',
  'from',
  'under',
  'over',
  'into',
  'onto',
  'as',
  'vs',
]);

/**
 * "misty alpine lake at dawn" -> "Misty Alpine Lake at Dawn"; words with capitals are kept as written.
 * With `inner`, the text continues a title, so a leading small word stays lower case ("an Old Fisherman").
 */
export function titleCase(text: string, inner = false): string {
  return text
    .split(' ')
    .map((word, i) => {
      if (word === '') return word;
      if (/[A-Z]/.test(word)) return word;
      if ((i > 0 || inner) && SMALL_WORDS.has(word)) return word;
      return word
        .split('-')
        .map((part) => (part ? (part[0] as string).toUpperCase() + part.slice(1) : part))
        .join('-');
    })
    .join(' ');
}

/** Kebab-case ASCII slug. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/-{2,}/g, '-');
}

export const capitalise = (text: string): string =>
  text ? (text[0] as string).toUpperCase() + text.slice(1) : text;

/** A subject phrase as written in the vocabularies, e.g. "a misty alpine lake" or "the fjords of Norway". */
export interface Subject {
  /** the phrase with its determiner: "a misty alpine lake" */
  text: string;
  /** without a leading a/an/the: "misty alpine lake" */
  bare: string;
  /** Title Case of the bare phrase: "Misty Alpine Lake" */
  title: string;
  /**
   * What a template writes before `[Variable 1]` when the subject is the first variable: "a " or
   * "an " (the example keeps its article, which requirements §9 strips when filling), or "" for phrases
   * without an indefinite article.
   */
  lead: string;
}

export function subject(text: string): Subject {
  const m = /^(a|an|the)\s+(.*)$/i.exec(text);
  const article = m?.[1]?.toLowerCase() ?? '';
  const bare = m ? (m[2] as string) : text;
  return {
    text,
    bare,
    title: titleCase(bare),
    lead: article === 'a' || article === 'an' ? `${article} ` : '',
  };
}

/** "a" or "an" for a following word (good enough for the vocabularies here). */
export const articleFor = (word: string): 'a' | 'an' =>
  /^(hour|honest|heir)/i.test(word)
    ? 'an'
    : /^(uni|use|eu|one)/i.test(word)
      ? 'a'
      : /^[aeiou]/i.test(word)
        ? 'an'
        : 'a';

export interface BuiltTemplate {
  template: string;
  variables: PromptVariable[];
}

/**
 * Turns `{1}`..`{k}` slots into `[Variable 1]`..`[Variable k]` and pairs them with `vars`
 * ([label, example] in slot order). Every slot must be used and every var must have a slot.
 */
export function buildTemplate(text: string, vars: readonly (readonly [string, string])[]): BuiltTemplate {
  const used = new Set<number>();
  const template = text.replace(/\{(\d)\}/g, (_, n: string) => {
    used.add(Number(n));
    return `[Variable ${n}]`;
  });
  if (used.size !== vars.length || [...used].some((n) => n < 1 || n > vars.length)) {
    throw new Error(`template slots ${[...used].join(',')} do not match ${vars.length} variables: ${text}`);
  }
  return {
    template,
    variables: vars.map(([label, example], index) => ({ index, label, example })),
  };
}

/** Joins sentences, making sure each ends with a full stop. */
export const sentences = (...parts: (string | null | undefined | false)[]): string =>
  parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => {
      const t = p.trim();
      return /[.!?]$/.test(t) ? t : `${t}.`;
    })
    .join(' ');

/** "A, B and C" */
export const listing = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] as string}`;

/**
 * Like buildTemplate, but keeps only the first k variables (k chosen in [minKeep, vars.length]) and
 * writes the examples of the others straight into the text, so prompts differ in how many blanks
 * they leave.
 */
export function buildFlexible(
  r: Rng,
  text: string,
  vars: readonly (readonly [string, string])[],
  minKeep = 2,
): BuiltTemplate {
  const keep = r.int(Math.min(minKeep, vars.length), vars.length);
  const inlined = text.replace(/\{(\d)\}/g, (whole, n: string) => {
    const i = Number(n);
    return i > keep ? (vars[i - 1]?.[1] ?? whole) : whole;
  });
  return buildTemplate(inlined, vars.slice(0, keep));
}

/**
 * Picks from `items` by the subject's position in its recipe's subject list, so that title-shaping
 * choices (styles, camera moves, times of day) rotate through a recipe instead of repeating by chance.
 */
export const rot = <T>(items: readonly T[], index: number, offset = 0): T => {
  if (items.length === 0) throw new Error('rot over an empty list');
  return items[(index + offset) % items.length] as T;
};

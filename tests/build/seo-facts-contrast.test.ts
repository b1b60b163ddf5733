// The facts under Lighthouse's SEO and accessibility audits, checked deterministically: the contrast of the
// text/background pairs of the design tokens (src/styles/tokens.css) as the stylesheets use them.
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssRules, gradientStops, hexOf, over, parseColor } from './support/contrast.ts';
import { readTokens, resolveVars, type CssRule, type Rgba } from './support/contrast.ts';

// ---------------------------------------------------------------------------------------------------------
// Contrast of the design tokens

const AA = 4.5;
const AA_LARGE = 3;
/** WCAG 1.4.11: icons and other graphics that carry meaning need 3:1; they are not text. */
const NON_TEXT = 3;

const tokens = readTokens();
const color = (value: string): Rgba => {
  const parsed = parseColor(resolveVars(value, tokens));
  if (parsed === null) throw new Error(`not a plain colour: ${value}`);
  return parsed;
};

/**
 * Pairs the stylesheets build from tokens without one rule naming both (the background comes from a parent,
 * or from a custom property a modifier sets), read from src/styles.
 */
const TOKEN_PAIRS: { text: string; on: string; min: number; where: string }[] = [
  { text: '--color-text', on: '--color-surface', min: AA, where: 'cards, dialogs, menus' },
  { text: '--color-text', on: '--color-bg', min: AA, where: 'body (base.css)' },
  { text: '--color-text-muted', on: '--color-surface', min: AA, where: 'card excerpts, chips, hints' },
  { text: '--color-text-muted', on: '--color-bg', min: AA, where: 'page leads, legal pages' },
  { text: '--color-text-muted', on: '--color-surface-sunken', min: AA, where: '.status-badge--ended' },
  { text: '--color-text-subtle', on: '--color-surface', min: AA, where: 'placeholders, card views, meta' },
  {
    text: '--color-text-subtle',
    on: '--color-bg',
    min: AA,
    where: '.catalog__count, .breadcrumbs, .legal__updated',
  },
  { text: '--color-text-subtle', on: '--color-surface-sunken', min: AA, where: 'hints inside sunken panels' },
  { text: '--color-link', on: '--color-surface', min: AA, where: 'a (base.css)' },
  { text: '--color-link', on: '--color-bg', min: AA, where: 'a (base.css)' },
  { text: '--color-link-hover', on: '--color-surface', min: AA, where: 'a:hover' },
  { text: '--color-text-on-brand', on: '--color-brand-600', min: AA, where: '.btn--primary' },
  { text: '--color-text-on-brand', on: '--color-brand-700', min: AA, where: '.btn--primary:hover' },
  { text: '--color-neutral-0', on: '--color-info', min: AA, where: '.toast (white on --toast-bg)' },
  { text: '--color-neutral-0', on: '--color-success', min: AA, where: '.toast--success' },
  { text: '--color-neutral-0', on: '--color-error', min: AA, where: '.toast--error, .btn--danger' },
  { text: '--color-neutral-0', on: '--color-neutral-500', min: AA, where: '.header-badge[data-loading]' },
  { text: '--color-grade-free', on: '--color-grade-free-soft', min: AA, where: '.badge--free' },
  {
    text: '--color-grade-fruit',
    on: '--color-grade-fruit-soft',
    min: AA,
    where: '.badge--fruitcoin, .locked-panel--grade-1',
  },
  {
    text: '--color-grade-premium',
    on: '--color-grade-premium-soft',
    min: AA,
    where: '.badge--paid, .locked-panel',
  },
  { text: '--color-grade-fruit', on: '--color-surface', min: AA, where: '.order-line__price--grade-1' },
  { text: '--color-grade-premium', on: '--color-surface', min: AA, where: '.order-line__price--grade-2' },
  { text: '--color-grade-free', on: '--color-surface', min: AA, where: 'free prices on cards' },
];

/** The page backgrounds large gradient-filled headline text sits on (the hero's own gradient included). */
const PAGE_BACKGROUNDS = (): Rgba[] => [
  color('var(--color-bg)'),
  color('var(--color-surface)'),
  ...(gradientStops(resolveVars('var(--gradient-hero)', tokens)) ?? []),
];

/**
 * Text filled with a gradient (background-clip: text) that is large: .hero__highlight is part of
 * .hero__title (--font-size-4xl, at least 2.074rem, black weight) and .not-found__code is 4.5rem and up.
 */
const LARGE_CLIP_TEXT = ['.hero__highlight', '.not-found__code'];

/** Rules that style inactive controls (WCAG 1.4.3 exempts them) or decoration. */
const inactive = (selector: string): boolean => /:disabled|aria-disabled|::selection/.test(selector);
/**
 * Rules whose "text" colour paints an icon or a glyph, not words; .heart-btn is an icon-only button (a heart,
 * named by aria-label: src/catalog/prompt-actions.tsx).
 */
const graphic = (selector: string): boolean =>
  /svg|__icon|__chevron|__dot|::marker|\.heart-btn\b/.test(selector);

interface RulePair {
  rule: string;
  fg: string;
  bg: string;
  ratio: number;
  min: number;
}

/** The rules that name a text colour and a background themselves, with their contrast. */
function rulePairs(): { pairs: RulePair[]; skipped: string[] } {
  const pairs: RulePair[] = [];
  const skipped: string[] = [];
  const local = (rule: CssRule) =>
    new Map([...tokens, ...[...rule.declarations].filter(([k]) => k.startsWith('--'))]);
  for (const rule of cssRules()) {
    const d = rule.declarations;
    const fgValue = d.get('color') ?? d.get('--btn-fg');
    const bgValue = d.get('background') ?? d.get('background-color') ?? d.get('--btn-bg');
    if (fgValue === undefined || bgValue === undefined || inactive(rule.selector)) continue;
    const name = `${rule.file} ${rule.selector}`;
    let fg: string;
    let bg: string;
    try {
      fg = resolveVars(fgValue, local(rule));
      bg = resolveVars(bgValue, local(rule));
    } catch {
      skipped.push(`${name} (${fgValue} on ${bgValue})`);
      continue;
    }
    const clipText = /\btext\b/.test(d.get('background-clip') ?? d.get('-webkit-background-clip') ?? '');
    const stops = gradientStops(bg);
    if (clipText && stops !== null) {
      // The gradient is the text colour; the page is its background.
      const min = LARGE_CLIP_TEXT.includes(rule.selector) ? AA_LARGE : AA;
      for (const stop of stops) {
        for (const page of PAGE_BACKGROUNDS()) {
          pairs.push({ rule: name, fg: hexOf(stop), bg: hexOf(page), ratio: contrastRatio(stop, page), min });
        }
      }
      continue;
    }
    const text = parseColor(fg);
    const backgrounds = stops ?? [parseColor(bg)];
    if (text === null || text.a < 1 || backgrounds.some((b) => b === null)) {
      skipped.push(`${name} (${fgValue} on ${bgValue})`);
      continue;
    }
    for (const b of backgrounds as Rgba[]) {
      // A translucent background is judged over the page background.
      const solid = b.a < 1 ? over(b, color('var(--color-bg)')) : b;
      const min = graphic(rule.selector) ? NON_TEXT : AA;
      pairs.push({ rule: name, fg: hexOf(text), bg: hexOf(solid), ratio: contrastRatio(text, solid), min });
    }
  }
  return { pairs, skipped };
}

describe('contrast of the design tokens', () => {
  it('reads the colour tokens of tokens.css', () => {
    expect(tokens.size).toBeGreaterThan(40);
    expect(hexOf(color('var(--color-text)'))).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each(TOKEN_PAIRS)('$text on $on reaches $min:1 ($where)', ({ text, on, min }) => {
    const ratio = contrastRatio(color(`var(${text})`), color(`var(${on})`));
    expect(Number(ratio.toFixed(2))).toBeGreaterThanOrEqual(min);
  });

  it('white text on the brand gradient reaches 4.5:1 at every colour stop (.steps__number, .coupon__figure)', () => {
    const stops = gradientStops(resolveVars('var(--gradient-brand)', tokens));
    expect(stops).not.toBeNull();
    const white = color('var(--color-text-on-brand)');
    const low = stops!
      .map((s) => ({ stop: hexOf(s), ratio: contrastRatio(white, s) }))
      .filter((s) => s.ratio < AA);
    expect(low).toEqual([]);
  });

  it('every rule that sets a text colour and a background pairs them at AA (3:1 for icons, large text)', () => {
    const { pairs, skipped } = rulePairs();
    const rows = [...pairs].sort((a, b) => a.ratio - b.ratio);
    console.log(`contrast: ${pairs.length} colour pairs from src/styles; the lowest:`);
    console.table(rows.slice(0, 8).map((p) => ({ ...p, ratio: p.ratio.toFixed(2) })));
    if (skipped.length > 0)
      console.log(`not plain colours, checked by hand or in the browser: ${skipped.join('; ')}`);
    expect(pairs.length).toBeGreaterThan(40);
    const failing = rows
      .filter((p) => p.ratio < p.min)
      .map((p) => `${p.rule}: ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)} < ${p.min}`);
    expect(failing).toEqual([]);
  });
});

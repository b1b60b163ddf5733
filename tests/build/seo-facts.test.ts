// The facts under Lighthouse's SEO and accessibility audits, checked deterministically on the production
// build served by the production server (server/main.ts, started here on a scratch data directory):
//   - the HTML of /, a category, a prompt's detail and a search as the server sends it: lang, title,
//     description, absolute canonical, viewport, and the per-route metadata the server writes into the shell
//     (server/seo) agreeing with GET /api/seo/metadata and with the page it is for;
//   - the same pages rendered in Chromium (one browser, four pages): images with alt, named form controls,
//     buttons and links, exactly one h1, a main landmark, descriptive and crawlable links, and axe-core (the
//     engine of Lighthouse's accessibility audits) run as Lighthouse runs it, with no violation of a rule
//     that Lighthouse scores;
//   - the contrast of the text/background pairs of the design tokens (src/styles/tokens.css) as the
//     stylesheets use them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contrastRatio,
  cssRules,
  gradientStops,
  hexOf,
  over,
  parseColor,
  readTokens,
  resolveVars,
  type CssRule,
  type Rgba,
} from './support/contrast.ts';
import { PAGE_FACTS_PROBE, type PageFacts } from './support/page-facts.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import type { SeoMeta } from '../../domain/seo.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What /api/seo answers with (the client's own type). */
type Seo = SeoMeta;

interface PageCase {
  name: string;
  path: string;
  /** The GET /api/seo/metadata query of the same page. */
  seoQuery: string;
  canonicalPath: string;
  /** Search results are kept out of search engines' indexes on purpose (server/README.md). */
  indexable: boolean;
  /** A text the page's title must contain. */
  titleHas: string;
}

let server: ServerProcess;
let origin: string;
let pages: PageCase[];
let detailTitle: string;

beforeAll(async () => {
  server = await startServer();
  origin = server.origin;
  const list = (await (await fetch(`${origin}/api/prompts?pageSize=1`)).json()) as {
    extend: { data: { slugId: string; sortId: number; title: string }[] };
  };
  const prompt = list.extend.data[0]!;
  detailTitle = prompt.title;
  pages = [
    {
      name: 'home',
      path: '/',
      seoQuery: 'pageType=HOME',
      canonicalPath: '/',
      indexable: true,
      titleHas: 'FruitPrompt',
    },
    {
      name: 'category',
      path: '/category/free-prompts',
      seoQuery: 'pageType=CATEGORY&referenceId=free_prompts',
      canonicalPath: '/category/free-prompts',
      indexable: true,
      titleHas: 'Free Prompts',
    },
    {
      name: 'detail',
      path: `/detail/${prompt.slugId}`,
      seoQuery: `pageType=DETAIL&referenceId=${prompt.sortId}`,
      canonicalPath: `/detail/${prompt.slugId}`,
      indexable: true,
      titleHas: prompt.title,
    },
    {
      name: 'search',
      path: '/search?q=portrait',
      seoQuery: 'pageType=SEARCH&referenceId=portrait',
      canonicalPath: '/search?q=portrait',
      indexable: false,
      titleHas: 'portrait',
    },
  ];
  // Starting seeds the demo data first (tens of seconds on a busy machine).
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------------------
// The HTML as the server sends it

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, code: string) =>
    code[0] === '#'
      ? String.fromCodePoint(
          code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)),
        )
      : (ENTITIES[code.toLowerCase()] ?? all),
  );

const attributesOf = (tag: string): Record<string, string> => {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attrs[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? '');
  }
  return attrs;
};

interface ServedHead {
  lang: string | undefined;
  titles: string[];
  metas: Record<string, string>[];
  links: Record<string, string>[];
  jsonLd: string[];
}

const parseHead = (html: string): ServedHead => {
  const head = html.slice(0, html.search(/<\/head\s*>/i));
  return {
    lang: attributesOf(/<html\b[^>]*>/i.exec(html)?.[0] ?? '').lang,
    titles: [...head.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/gi)].map((m) => decode(m[1]!).trim()),
    metas: (head.match(/<meta\b[^>]*>/gi) ?? []).map(attributesOf),
    links: (head.match(/<link\b[^>]*>/gi) ?? []).map(attributesOf),
    jsonLd: [
      ...head.matchAll(/<script\b[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi),
    ].map((m) => m[1]!),
  };
};

const metaContents = (head: ServedHead, key: 'name' | 'property', value: string): string[] =>
  head.metas.filter((m) => m[key]?.toLowerCase() === value).map((m) => m.content ?? '');

/** Lighthouse's meta-viewport audit: no user-scalable=no, and maximum-scale (if any) at least 5. */
const viewportProblems = (content: string): string[] => {
  const props = Object.fromEntries(
    content.split(/[,;]/).map((p) => p.split('=').map((s) => s.trim().toLowerCase()) as [string, string]),
  );
  const problems: string[] = [];
  if (!/width\s*=\s*device-width/i.test(content)) problems.push('no width=device-width');
  if (props['user-scalable'] === 'no' || props['user-scalable'] === '0') problems.push('user-scalable=no');
  if (props['maximum-scale'] !== undefined && Number(props['maximum-scale']) < 5)
    problems.push('maximum-scale < 5');
  return problems;
};

const isAbsoluteHttpUrl = (url: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) && /^https?:\/\//i.test(url);
  } catch {
    return false;
  }
};

describe('the pages as the server sends them', () => {
  const served = new Map<string, { status: number; type: string; head: ServedHead; seo: Seo }>();

  beforeAll(async () => {
    for (const page of pages) {
      const res = await fetch(`${origin}${page.path}`);
      const html = await res.text();
      const meta = (await (await fetch(`${origin}/api/seo/metadata?${page.seoQuery}`)).json()) as {
        extend: { data: Seo };
      };
      served.set(page.name, {
        status: res.status,
        type: res.headers.get('content-type') ?? '',
        head: parseHead(html),
        seo: meta.extend.data,
      });
    }
  });

  const each = (title: string, check: (page: PageCase, s: ReturnType<typeof served.get> & object) => void) =>
    it(title, () => {
      expect(pages).toHaveLength(4);
      for (const page of pages) check(page, served.get(page.name)!);
    });

  each('answer 200 with HTML', (page, s) => {
    expect(s.status, page.path).toBe(200);
    expect(s.type, page.path).toMatch(/^text\/html/);
  });

  each('have <html lang>, one non-empty <title> and one non-empty meta description', (page, s) => {
    expect(s.head.lang, page.path).toBe('en');
    expect(s.head.titles, page.path).toHaveLength(1);
    expect(s.head.titles[0], page.path).not.toBe('');
    const descriptions = metaContents(s.head, 'name', 'description');
    expect(descriptions, page.path).toHaveLength(1);
    expect(descriptions[0]!.trim(), page.path).not.toBe('');
  });

  each('have one absolute canonical link, the address of the page itself', (page, s) => {
    const canonicals = s.head.links
      .filter((l) => l.rel?.toLowerCase() === 'canonical')
      .map((l) => l.href ?? '');
    expect(canonicals, page.path).toHaveLength(1);
    expect(isAbsoluteHttpUrl(canonicals[0]!), canonicals[0]).toBe(true);
    expect(canonicals[0], page.path).toBe(`${origin}${page.canonicalPath}`);
  });

  each('have a viewport that lets people zoom', (page, s) => {
    const viewports = metaContents(s.head, 'name', 'viewport');
    expect(viewports, page.path).toHaveLength(1);
    expect(viewportProblems(viewports[0]!), page.path).toEqual([]);
  });

  each("carry the page's own metadata, the same as GET /api/seo/metadata answers", (page, s) => {
    const { head, seo } = s;
    expect(head.titles[0], page.path).toBe(seo.metaTitle);
    expect(head.titles[0], page.path).toContain(page.titleHas);
    expect(metaContents(head, 'name', 'description')[0], page.path).toBe(seo.metaDescription);
    expect(seo.canonicalUrl, page.path).toBe(`${origin}${page.canonicalPath}`);
    expect(metaContents(head, 'property', 'og:url'), page.path).toEqual([seo.canonicalUrl]);
    expect(metaContents(head, 'property', 'og:title'), page.path).toEqual([seo.ogTitle || seo.metaTitle]);
    const images = metaContents(head, 'property', 'og:image');
    expect(images, page.path).toHaveLength(1);
    expect(isAbsoluteHttpUrl(images[0]!), images[0]).toBe(true);
    expect(head.jsonLd, page.path).toHaveLength(1);
    const doc = JSON.parse(head.jsonLd[0]!) as { '@context': string };
    expect(doc['@context'], page.path).toBe('https://schema.org');
    expect(JSON.parse(head.jsonLd[0]!), page.path).toEqual(JSON.parse(seo.schemaJson));
  });

  each('are indexable, except search results (noindex on purpose)', (page, s) => {
    const robots = metaContents(s.head, 'name', 'robots').join(',').toLowerCase();
    // Lighthouse's is-crawlable audit fails a noindex page: the bench's SEO score of the search page is
    // lower by that audit by design (server/README.md: "Search pages are noindex").
    if (page.indexable) expect(robots, page.path).not.toMatch(/noindex|none/);
    else expect(robots, page.path).toMatch(/noindex/);
  });

  it('the detail page is about its prompt', () => {
    const detail = served.get('detail')!;
    expect(detail.head.titles[0]!.startsWith(detailTitle), detail.head.titles[0]).toBe(true);
  });

  it('robots.txt lets crawlers reach these pages', async () => {
    const res = await fetch(`${origin}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const disallowed = text
      .split('\n')
      .map((line) => /^\s*disallow\s*:\s*(\S*)/i.exec(line)?.[1])
      .filter((path): path is string => path !== undefined && path !== '');
    for (const page of pages) {
      expect(
        disallowed.filter((rule) => page.path.startsWith(rule)),
        page.path,
      ).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// The pages rendered in Chromium

/** axe-core as Lighthouse 12 runs it (core/gather/gatherers/accessibility.js): WCAG 2 A/AA rules plus these. */
const LIGHTHOUSE_AXE_RULES: Record<string, { enabled: boolean }> = Object.fromEntries(
  Object.entries({
    accesskeys: true,
    'area-alt': false,
    'aria-allowed-role': true,
    'aria-braille-equivalent': false,
    'aria-conditional-attr': true,
    'aria-deprecated-role': true,
    'aria-dialog-name': true,
    'aria-prohibited-attr': true,
    'aria-roledescription': false,
    'aria-treeitem-name': true,
    'aria-text': true,
    'audio-caption': false,
    blink: false,
    'duplicate-id': false,
    'empty-heading': true,
    'frame-focusable-content': false,
    'frame-title-unique': false,
    'heading-order': true,
    'html-xml-lang-mismatch': true,
    'identical-links-same-purpose': true,
    'image-redundant-alt': true,
    'input-button-name': true,
    'label-content-name-mismatch': true,
    'landmark-one-main': true,
    'link-in-text-block': true,
    marquee: false,
    'meta-viewport': true,
    'nested-interactive': false,
    'no-autoplay-audio': false,
    'role-img-alt': false,
    'scrollable-region-focusable': false,
    'select-name': true,
    'server-side-image-map': false,
    'skip-link': true,
    'summary-name': false,
    'svg-img-alt': false,
    tabindex: true,
    'table-duplicate-name': true,
    'table-fake-caption': true,
    'target-size': true,
    'td-has-header': true,
  }).map(([id, enabled]) => [id, { enabled }]),
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The accessibility audits that count towards Lighthouse's score (weight > 0), from its own config. */
async function lighthouseA11yAudits(): Promise<string[]> {
  const specifier = 'lighthouse/core/config/default-config.js' as string;
  const config = (
    (await import(specifier)) as {
      default: { categories: Record<string, { auditRefs: { id: string; weight: number }[] }> };
    }
  ).default;
  return config.categories.accessibility!.auditRefs.filter((r) => r.weight > 0).map((r) => r.id);
}

const axeSource = (): string => {
  const require = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  return readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
};

describe('the pages rendered in Chromium', () => {
  let browser: Browser;
  const facts = new Map<string, PageFacts>();
  const violations = new Map<string, AxeViolation[]>();
  let scored: string[];
  let control: { facts: PageFacts; violations: AxeViolation[] };

  beforeAll(async () => {
    scored = await lighthouseA11yAudits();
    const axe = axeSource();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page: Page = await context.newPage();
    const gather = async (): Promise<{ facts: PageFacts; violations: AxeViolation[] }> => {
      const found = (await page.evaluate(PAGE_FACTS_PROBE)) as PageFacts;
      await page.evaluate(axe);
      const result = (await page.evaluate(`axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
        resultTypes: ['violations'],
        rules: ${JSON.stringify(LIGHTHOUSE_AXE_RULES)},
      }).then((r) => r.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      })))`)) as AxeViolation[];
      return { facts: found, violations: result };
    };
    for (const c of pages) {
      await page.goto(`${origin}${c.path}`, { waitUntil: 'networkidle', timeout: 30_000 });
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      // The client applies page metadata 100 ms after a navigation (requirements §2 Page metadata).
      await page.waitForTimeout(300);
      const found = await gather();
      facts.set(c.name, found.facts);
      violations.set(c.name, found.violations);
    }
    // A page with known faults, so that a probe or an axe run that silently finds nothing cannot pass.
    await page.setContent(
      '<!doctype html><html><head><title>control</title></head><body><div><h1>a</h1><h1>b</h1>' +
        '<img src="data:,"><input type="text"><button></button><a href="/x">more</a></div></body></html>',
    );
    control = await gather();
    await context.close();
    console.table(
      pages.map((c) => ({
        page: c.path,
        ...facts.get(c.name)!.counts,
        'axe violations (any rule)':
          violations
            .get(c.name)!
            .map((v) => v.id)
            .join(' ') || 'none',
      })),
    );
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  const each = (title: string, check: (page: PageCase, f: PageFacts) => void) =>
    it(title, () => {
      expect(facts.size).toBe(4);
      for (const page of pages) check(page, facts.get(page.name)!);
    });

  it('find the faults of a page made with them (the probe and axe work)', () => {
    const { facts: f, violations: v } = control;
    expect(f.lang).toBe('');
    expect(f.h1).toHaveLength(2);
    expect(f.mains).toBe(0);
    expect(f.imagesWithoutAlt).toHaveLength(1);
    expect(f.unnamedControls).toHaveLength(1);
    expect(f.unnamedButtons).toHaveLength(1);
    expect(f.vagueLinks).toHaveLength(1);
    const ids = v.map((x) => x.id);
    for (const id of ['html-has-lang', 'image-alt', 'label', 'button-name']) expect(ids).toContain(id);
  });

  each('keep lang, title, one description and the canonical the server sent', (page, f) => {
    expect(f.lang, page.path).toBe('en');
    expect(f.title.trim(), page.path).toContain(page.titleHas);
    expect(f.descriptions, page.path).toHaveLength(1);
    expect(f.descriptions[0], page.path).not.toBe('');
    expect(f.canonicals, page.path).toEqual([`${origin}${page.canonicalPath}`]);
    expect(f.viewport, page.path).toHaveLength(1);
  });

  each('have exactly one h1 and a main landmark', (page, f) => {
    expect(f.h1, page.path).toHaveLength(1);
    expect(f.h1[0], page.path).not.toBe('');
    expect(f.mains, page.path).toBe(1);
  });

  each('give every image an alt text', (page, f) => {
    expect(f.counts.images, `${page.path} shows images`).toBeGreaterThan(0);
    expect(f.imagesWithoutAlt, page.path).toEqual([]);
  });

  each('give every form control, button and link an accessible name', (page, f) => {
    expect(f.counts.controls, `${page.path}: the header search box at least`).toBeGreaterThan(0);
    expect(f.unnamedControls, page.path).toEqual([]);
    expect(f.unnamedButtons, page.path).toEqual([]);
    expect(f.unnamedLinks, page.path).toEqual([]);
    expect(f.duplicateReferencedIds, page.path).toEqual([]);
  });

  each('have descriptive, crawlable links (Lighthouse link-text, crawlable-anchors)', (page, f) => {
    expect(f.vagueLinks, page.path).toEqual([]);
    expect(f.uncrawlableAnchors, page.path).toEqual([]);
  });

  it('violate none of the axe rules Lighthouse scores', () => {
    expect(scored.length).toBeGreaterThan(40);
    const failing = pages.flatMap((page) =>
      violations
        .get(page.name)!
        .filter((v) => scored.includes(v.id))
        .map((v) => ({ page: page.path, ...v })),
    );
    expect(failing).toEqual([]);
  });
});

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

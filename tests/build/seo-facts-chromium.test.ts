// The facts under Lighthouse's SEO and accessibility audits, checked deterministically on the production
// build served by the production server (server/main.ts, started here on a scratch data directory):
//   - /, a category, a prompt's detail and a search rendered in Chromium (one browser, four pages): images
//     with alt, named form controls, buttons and links, exactly one h1, a main landmark, descriptive and
//     crawlable links, and axe-core (the engine of Lighthouse's accessibility audits) run as Lighthouse runs
//     it, with no violation of a rule that Lighthouse scores.
// The HTML of the same pages as the server sends it: seo-facts-served.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts';
import { PAGE_FACTS_PROBE, type PageFacts } from './support/page-facts.ts';
import { closeSeoPages, openSeoPages, origin, pages, type PageCase } from './support/seo-pages.ts';

beforeAll(openSeoPages, 180_000);
afterAll(closeSeoPages);

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

// One route table (issue 15): every file route of src/routes is a page of domain/pages.ts and
// the other way round, so the server's 404 and the tab titles cannot miss a route.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headOf, matchPage, PAGES } from '../../domain/pages.ts';
import { UNKNOWN_PATHS } from '../support/unknown-paths.ts';

const generated = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
const fullPaths = [
  ...(/fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(generated)?.[1] ?? '').matchAll(/'([^']*)'/g),
].map((m) => m[1]);

describe('the page table', () => {
  it("lists exactly the client's file routes", () => {
    expect(fullPaths.length).toBeGreaterThan(25);
    expect(Object.keys(PAGES).sort()).toEqual([...fullPaths].sort());
  });

  it.each([
    ['/category/free-prompts', '/category/free-prompts'],
    ['/category/pay_prompts', '/category/$id'],
    ['/category', '/category/'],
    ['/detail_12.html', '/detail_{$id}.html'],
    ['/paiddetail-3-cs_x.html', '/paiddetail-{$ids}.html'],
    ['/order-detail/9', '/order-detail/$orderId'],
    ['/orders/', '/orders'],
  ])('matches %s to %s', (pathname, path) => {
    expect(matchPage(pathname)?.path).toBe(path);
  });

  // the client's routes show the first of these as "Page Not Found" (tests/views/routes.test.tsx)
  it.each(UNKNOWN_PATHS)('matches no page for %s', (pathname) => {
    expect(matchPage(pathname)).toBeNull();
  });

  it('titles each page, with "Page Not Found" for the rest and noindex for private pages', () => {
    expect(headOf('/cart')).toEqual({ title: 'Cart — FruitPrompt', noindex: true });
    expect(headOf('/order-detail/12')).toEqual({ title: 'Order #12 — FruitPrompt', noindex: true });
    expect(headOf('/privacy')).toEqual({ title: 'Privacy Policy — FruitPrompt', noindex: false });
    expect(headOf('/nope')).toEqual({ title: 'Page Not Found — FruitPrompt', noindex: true });
    // the seo machine titles the catalog's pages
    expect(headOf('/search')).toEqual({ title: null, noindex: false });
  });
});

// Every page of requirements §2 by its route's full path, as the client's file routes name it
// (src/routeTree.gen.ts): its tab title and whether search engines may index it. The server answers
// paths that match none of these with 404 and "Page Not Found"; the client titles each page from the
// same table. A route of src/routes must be listed here or declare its page (`export const page`,
// domain/page-declaration.ts), else tests/unit/pages.test.ts fails.
import { PRODUCT_NAME } from './catalog.ts';
import { DECLARED_PAGES } from './pages.gen.ts';
import { PARAM_PATTERNS } from './route-params.ts';

export { PARAM_PATTERNS };

export interface PageInfo {
  /**
   * The page's name in its tab title, from the route's params; null where the page's metadata comes
   * from the catalog (requirements §2 Page metadata: home, recommended, category, search, detail).
   */
  title: string | ((params: Record<string, string>) => string) | null;
  /** Requires a session (requirements §6): never indexed. */
  private?: true;
  /** Not for search engines though public (callbacks, share redirects, a verification link). */
  noindex?: true;
  /** Params that must match their pattern (PARAM_PATTERNS). */
  params?: Record<string, RegExp>;
}

const order = (id: string | undefined): string => (id && /^\d{1,10}$/.test(id) ? `Order #${id}` : 'Order');

/** The pages of requirements §2, listed here; later pages declare themselves in their route file. */
const LISTED = {
  '/': { title: null },
  '/recommended': { title: null },
  '/search': { title: null },
  '/category/': { title: null },
  '/category/$id': { title: null },
  '/category/free-prompts': { title: null },
  '/category/fruit-prompts': { title: null },
  '/category/premium-prompts': { title: null },
  '/detail/$slugId': { title: null },
  '/detail_{$id}.html': { title: null, params: { id: PARAM_PATTERNS.legacyId } },
  '/terms': { title: 'Terms of Service' },
  '/privacy': { title: 'Privacy Policy' },
  '/support': { title: 'Customer Support' },
  '/s/$shortUrlId': { title: 'Opening a shared prompt', noindex: true },
  '/ps/$partnerShortUrlId': { title: 'Opening a shared prompt', noindex: true },
  '/social-callback': { title: 'Signing in', noindex: true },
  '/auth/callback': { title: 'Signing in', noindex: true },
  '/verifyemail-{$token}.html': {
    title: 'Verify your email',
    noindex: true,
    params: { token: PARAM_PATTERNS.token },
  },
  '/cart': { title: 'Cart', private: true },
  '/orders': { title: 'My Orders', private: true },
  '/order-detail/$orderId': {
    title: (p) => order(p.orderId),
    private: true,
    params: { orderId: PARAM_PATTERNS.orderId },
  },
  '/paiddetail-{$ids}.html': {
    title: (p) => order(PARAM_PATTERNS.paidIds.exec(p.ids ?? '')?.[1]),
    private: true,
    params: { ids: PARAM_PATTERNS.paidIds },
  },
  '/pendingdetail-{$orderId}.html': {
    title: (p) => order(p.orderId),
    private: true,
    params: { orderId: PARAM_PATTERNS.orderId },
  },
  '/messages': { title: 'Messages', private: true },
  '/profile': { title: 'My Profile', private: true },
  '/settings': { title: 'Account Settings', private: true },
  '/fruit-transactions': { title: 'Fruit History', private: true },
  '/coupons': { title: 'My Coupons', private: true },
  '/exchange-coupons': { title: 'Exchange Fruit Coins', private: true },
  '/buy-fruitcoins': { title: 'Buy FruitCoins', private: true },
} as const satisfies Record<string, PageInfo>;

/** Every page: those listed above and those their route files declare (domain/pages.gen.ts). */
export const PAGES = { ...LISTED, ...DECLARED_PAGES } as const satisfies Record<string, PageInfo>;

export type PagePath = keyof typeof PAGES;

export const NOT_FOUND_NAME = 'Page Not Found';

/** "Cart — FruitPrompt". */
export const pageTitle = (name: string): string => `${name} — ${PRODUCT_NAME}`;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/detail_{$id}.html` → /^\/detail_(?<id>[^/]+)\.html\/?$/ ; `$param` is a whole segment. */
function patternOf(path: string): RegExp {
  let source = '';
  for (const part of path.split(/(\{\$\w+\}|\$\w+)/)) {
    const name = /^\{?\$(\w+)\}?$/.exec(part)?.[1];
    source += name ? `(?<${name}>[^/]+)` : escapeRegExp(part);
  }
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}

const MATCHERS = (Object.keys(PAGES) as PagePath[]).map((path) => ({ path, pattern: patternOf(path) }));

export interface MatchedPage {
  path: PagePath;
  page: PageInfo;
  params: Record<string, string>;
}

/** The page a pathname opens, or null: no route of the product answers it (requirements §2 "anything else"). */
export function matchPage(pathname: string): MatchedPage | null {
  // exact paths first (/category/free-prompts before /category/$id)
  let best: MatchedPage | null = null;
  for (const { path, pattern } of MATCHERS) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params = { ...found.groups };
    if (Object.values(params).some((value) => value === '')) continue;
    const checks = (PAGES[path] as PageInfo).params ?? {};
    if (Object.entries(checks).some(([key, check]) => !check.test(params[key] ?? ''))) continue;
    if (Object.keys(params).length === 0) return { path, page: PAGES[path], params };
    best ??= { path, page: PAGES[path], params };
  }
  return best;
}

/** The tab title and robots of a pathname; null title: the seo machine titles it. */
export const headOf = (pathname: string): { title: string | null; noindex: boolean } =>
  headOfMatch(matchPage(pathname));

/** The tab title and robots of a matched page (null: "Page Not Found"). */
export function headOfMatch(matched: MatchedPage | null): { title: string | null; noindex: boolean } {
  if (!matched) return { title: pageTitle(NOT_FOUND_NAME), noindex: true };
  const { page, params } = matched;
  const name = typeof page.title === 'function' ? page.title(params) : page.title;
  return {
    title: name === null ? null : pageTitle(name),
    noindex: Boolean(('private' in page && page.private) || ('noindex' in page && page.noindex)),
  };
}

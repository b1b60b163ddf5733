// Server rendering (issue 18): the HTML of the public pages holds their content — the cards' titles and
// prices, the detail's text — fetched without a browser; the snapshots it was rendered from travel in a
// JSON data block (never a script that runs); member pages get the header and footer only.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, type PromptCard, type PromptPage } from '../../domain/catalog.ts';
import { SERVER_STATE_ID, type ServerState } from '../../src/app/hydrate.ts';
import { renderPage } from '../../src/entry-server.tsx';
import { get } from './support/auth.ts';
import { createPageServer, insertPrompts } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(() => createPageServer({ app: { renderer: renderPage } }));

const HOSTILE = 'Owl </script><script>alert(1)</script> & "friends"';

beforeAll(async () => {
  await insertPrompts(server.db, [
    { id: 9301, title: HOSTILE, description: 'A title full of markup.', grade: 1, views: 900_000_000 },
  ]);
});

const page = async (url: string) => {
  const res = await server.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, headers: res.headers };
};

/** The markup React rendered into #root. */
const rootOf = (body: string): string => {
  const start = body.indexOf('<div id="root">');
  const end = body.indexOf(`<script type="application/json" id="${SERVER_STATE_ID}">`);
  expect(start, 'the page has #root').toBeGreaterThan(0);
  return body.slice(start, end > start ? end : undefined);
};

const stateOf = (body: string): ServerState => {
  const match = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">([^<]*)</script>`).exec(
    body,
  );
  expect(match, 'the page carries its data block').not.toBeNull();
  return JSON.parse(match![1]!) as ServerState;
};

/** Each card's title and price (as the card shows them) stand in the rendered markup. */
const expectCards = (root: string, cards: PromptCard[]) => {
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) {
    expect(root, card.title).toContain(escapeHtml(card.title));
    expect(root, `${card.title}: ${formatPrice(card)}`).toMatch(
      new RegExp(`href="/detail/${card.slugId}"[\\s\\S]*?${escapeRegExp(escapeHtml(formatPrice(card)))}`),
    );
  }
};
/** Text as React writes it into markup. */
const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the server renders the public pages with their content', () => {
  it('/ holds the first page of cards and the shelves, with titles and prices', async () => {
    const { status, body } = await page('/');
    expect(status).toBe(200);
    const root = rootOf(body);
    const list = (await get<PromptPage>(server, '/api/prompts')).body.extend;
    expectCards(root, list.data);
    expect(root).toContain('Trending now');
    // no note asking for JavaScript: the page works without it
    expect(body).not.toMatch(/<noscript/);
  });

  it('a category holds its cards', async () => {
    const { status, body } = await page('/category/fruit-prompts');
    expect(status).toBe(200);
    const list = (await get<PromptPage>(server, '/api/prompts?grade=1')).body.extend;
    expectCards(rootOf(body), list.data);
  });

  it('a detail page holds the prompt, its price and its related prompts', async () => {
    const list = (await get<PromptPage>(server, '/api/prompts?grade=2')).body.extend;
    const prompt = list.data[0]!;
    const { status, body } = await page(`/detail/${prompt.slugId}`);
    expect(status).toBe(200);
    const root = rootOf(body);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(prompt.title))}</h1>`));
    expect(root).toContain(escapeHtml(formatPrice(prompt)));
    const related = (await get<{ data: PromptCard[] }>(server, `/api/prompts/related?id=${prompt.id}`)).body
      .extend;
    expectCards(root, related.data);
  });

  it("a detail page's cover is its LCP image: responsive, high priority and preloaded", async () => {
    const prompt = (await get<PromptPage>(server, '/api/prompts?grade=0')).body.extend.data[0]!;
    const { body } = await page(`/detail/${prompt.slugId}`);
    const cover = /<figure class="detail__cover">\s*<img([^>]*)>/.exec(rootOf(body));
    expect(cover, 'the cover image').not.toBeNull();
    const card = `/api/images/prompts/${prompt.id}/0.webp`;
    expect(cover![1]).toContain(`src="${card}?size=full"`);
    expect(cover![1]).toMatch(/srcSet="[^"]*\?w=720 720w[^"]*\?size=full 960w"/);
    expect(cover![1]).toMatch(/sizes="\(max-width: 640px\)[^"]*"/);
    expect(cover![1]).toContain('fetchPriority="high"');
    // React writes the preload at the start of what it renders, ahead of the cover it is for
    const preload = /<link rel="preload" as="image" imageSrcSet="([^"]*)"[^>]*>/.exec(body);
    expect(preload, 'a preload of the cover').not.toBeNull();
    expect(preload!.index).toBeLessThan(body.indexOf('detail__cover'));
    expect(preload![1]).toContain(`${card}?w=720 720w`);
    expect(preload![0]).toContain('fetchPriority="high"');
  });

  it("a prompt's page counts a view every time it is sent, made or kept, and the kept page is the same", async () => {
    const prompt = (await get<PromptPage>(server, '/api/prompts?grade=0&sort=newest')).body.extend.data[1]!;
    const viewsOf = async () => {
      await server.app.views.flush();
      return (await server.db.one<{ views: number }>('SELECT views FROM prompts WHERE id = $1', [prompt.id]))
        .views;
    };
    const before = await viewsOf();
    const first = await page(`/detail/${prompt.slugId}`);
    const second = await page(`/detail/${prompt.slugId}`);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(await viewsOf()).toBe(before + 2);
  });

  it("a page's 304 carries the page's own policy: a browser takes a 304's headers into its copy", async () => {
    const first = await page('/');
    const again = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('a search holds its matches, and the search form works without JavaScript', async () => {
    const { status, body } = await page('/search?q=owl');
    expect(status).toBe(200);
    const root = rootOf(body);
    const list = (await get<PromptPage>(server, '/api/prompts?q=owl')).body.extend;
    expect(list.data.length).toBeGreaterThan(0);
    for (const card of list.data) expect(root).toContain(`href="/detail/${card.slugId}"`);
    expect(root).toMatch(/<form[^>]*role="search"[^>]*action="\/search"/);
    expect(root).toMatch(/<input[^>]*name="q"[^>]*value="owl"/);
  });

  it('the legal pages and support render their text', async () => {
    expect(rootOf((await page('/terms')).body)).toMatch(/<h1[^>]*>Terms of Service<\/h1>/);
    expect(rootOf((await page('/privacy')).body)).toMatch(/<h1[^>]*>Privacy Policy<\/h1>/);
    expect(rootOf((await page('/support')).body)).toContain('Customer Support');
  });

  it('an unknown address and an unknown prompt render Page Not Found with 404', async () => {
    const unknown = await page('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(rootOf(unknown.body)).toContain('Page Not Found');
    const prompt = await page('/detail/no-such-prompt-999999');
    expect(prompt.status).toBe(404);
  });
});

describe('the data block', () => {
  it('carries the settled snapshots and the views, as data the CSP never runs', async () => {
    const { body, headers } = await page('/');
    const state = stateOf(body);
    expect(state.path).toBe('/');
    expect(Object.keys(state.snapshots).sort()).toEqual(['homeSections', 'promptList', 'seo']);
    expect(state.views.session).toBeDefined();
    // every script the page has is a file of the site's own or data (script-src 'self' forbids the rest)
    for (const tag of body.match(/<script\b[^>]*>/g) ?? [])
      expect(tag).toMatch(/type="application\/(json|ld\+json)"|src="\//);
    expect(String(headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('answers as for a visitor: the catalog actors expect a member to reload what is theirs', async () => {
    const state = stateOf((await page('/')).body);
    const context = (state.snapshots.promptList as unknown as { context: { viewer: unknown } }).context;
    expect(context.viewer).toBeNull();
  });

  it('cannot be ended early by a title full of markup', async () => {
    const { body } = await page('/search?q=owl');
    expect(body).not.toContain('</script><script>alert(1)');
    const state = stateOf(body);
    const titles = JSON.stringify(state.snapshots.promptList);
    expect(titles).toContain('Owl </script><script>alert(1)</script>');
  });
});

describe('the scripts of a page the server rendered', () => {
  it('load after its first paint: the entry behind /start-after-paint.js, no modulepreload', async () => {
    const { body } = await page('/category/free-prompts');
    expect(body).toContain(
      '<script type="module" src="/start-after-paint.js" data-entry="/assets/index-Ab12.js"></script>',
    );
    expect(body).not.toMatch(/<script type="module"[^>]*src="\/assets\//);
    expect(body).not.toContain('modulepreload');
  });

  it('load at once on a member page, which the browser renders', async () => {
    const { body } = await page('/cart');
    expect(body).toContain('<script type="module" crossorigin src="/assets/index-Ab12.js"></script>');
    expect(body).not.toContain('start-after-paint');
  });
});

describe("a member's first visit to a public page", () => {
  it('holds the viewer marks when the browser says a member is signed in there', async () => {
    const member = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'a=b; fp_member=1' },
    });
    expect(member.body).toMatch(/<html[^>]*\bdata-viewer="pending"/);
    // the page is the same visitor's page: the hint changes nothing else
    const visitor = await page('/');
    expect(visitor.body).not.toContain('data-viewer');
    expect(rootOf(member.body)).toBe(rootOf(visitor.body));
  });
});

describe('member pages', () => {
  it('get the header and footer from the server and no data block: the browser renders the page', async () => {
    const { status, body } = await page('/cart');
    expect(status).toBe(200);
    expect(body).toContain('class="site-header"');
    expect(body).toContain('class="site-footer');
    expect(body).not.toContain(SERVER_STATE_ID);
  });
});

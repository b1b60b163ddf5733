// Server rendering (issue 18) in the browser: the pages work with JavaScript off, and with it on the
// first page is adopted as the server sent it — no hydration error, nothing it shows fetched again.
import { expect, test, type Page } from './support/test.ts';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor browses from the home page to a prompt, back to a category, and searches', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const card = page.getByRole('main').getByRole('article').first().getByRole('link').first();
    const title = (await card.textContent())!.trim();
    await card.click();
    await expect(page).toHaveURL(/\/detail\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    await page.goto('/category/free-prompts');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    const search = page.getByRole('search').getByRole('searchbox');
    await search.fill('owl');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=owl$/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toContainText(/owl/i);
  });
});

/** Records console errors and the API calls (images aside) a page makes. */
function watch(page: Page) {
  const errors: string[] = [];
  const calls: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/'))
      calls.push(url.pathname + url.search);
  });
  return { errors, calls };
}

for (const path of ['/', '/category/free-prompts', '/search?q=owl']) {
  test(`${path}: adopted without a hydration error, nothing shown fetched again`, async ({ page }) => {
    const seen = watch(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // the page is live: the category menu opens
    await page.getByRole('navigation', { name: 'Browse' }).getByRole('button').first().click();
    await expect(page.getByRole('menu', { name: 'Categories' })).toBeVisible();
    expect(seen.errors).toEqual([]);
    expect(seen.calls.filter((c) => /^\/api\/(prompts|seo)/.test(c))).toEqual([]);
  });
}

test('a detail page is adopted without fetching the prompt again; the next page asks for its metadata', async ({
  page,
}) => {
  const seen = watch(page);
  await page.goto('/');
  const card = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  const href = (await card.getAttribute('href'))!;
  await page.goto(href);
  await page.waitForLoadState('networkidle');
  expect(seen.calls.filter((c) => c.startsWith('/api/prompts/detail'))).toEqual([]);
  expect(seen.errors).toEqual([]);
  // a navigation inside the app asks for the next page's metadata (requirements §7)
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').last().click();
  await expect.poll(() => seen.calls.some((c) => c.startsWith('/api/seo/metadata'))).toBe(true);
});

test('a rendered page paints from one stylesheet; a visit inside the app fetches only the rules it adds', async ({
  page,
}) => {
  const sheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  const href = (await page
    .getByRole('main')
    .getByRole('article')
    .first()
    .getByRole('link')
    .first()
    .getAttribute('href'))!;
  sheets.length = 0;
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the shell's rules and the page's, in one file (scripts/vite-page-styles.ts)
  expect(sheets).toEqual([expect.stringMatching(/^\/assets\/page-[\w-]+\.css$/)]);
  const styled = await page
    .getByRole('heading', { level: 1 })
    .evaluate((h) => getComputedStyle(h).fontFamily);
  expect(styled).not.toMatch(/^"?Times/);
  await page.waitForLoadState('networkidle');
  // the page's own stylesheets, in the bundle already, are not fetched when its code runs
  expect(sheets).toHaveLength(1);

  // the stylesheets the bundle holds, each marked by a link the browser does not fetch
  const held = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(held.length).toBeGreaterThan(0);

  // the category page shares the list views' rules with the detail page: they are not fetched again
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').last().click();
  await expect(page).toHaveURL(/\/category\//);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sheets.slice(1).filter((sheet) => held.includes(sheet))).toEqual([]);
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((link) => !link.disabled)
      .map((link) => new URL(link.href).pathname),
  );
  // nothing fetched twice: each stylesheet the visit added is linked once
  expect(new Set(linked).size).toBe(linked.length);
});

test("a member's first visit shows their owned marks without a flash of the visitor's buttons", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill('demo@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'fp_member' && c.value === '1')).toBe(true);
  // a FruitCoin prompt the demo member owns (the seeded paid orders), and the category page it is on
  const owned = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` };
    for (let n = 1; n <= 10; n++) {
      const res = await fetch(`/api/prompts?grade=1&page=${n}`, { headers });
      const body = (await res.json()) as { extend: { data: { title: string; hasAccess: number }[] } };
      const hit = body.extend.data.find((c) => c.hasAccess === 1);
      if (hit)
        return {
          title: hit.title,
          at: n === 1 ? '/category/fruit-prompts' : `/category/fruit-prompts?page=${n}`,
        };
    }
    return null;
  });
  expect(owned).not.toBeNull();
  const cardOn = (p: Page) =>
    p
      .getByRole('article')
      .filter({ has: p.getByRole('link', { name: owned!.title, exact: true }) })
      .first();

  // before any script runs (the app's scripts held back, in a second tab of the same browser), the
  // server's page hides the viewer's marks
  const held = await page.context().newPage();
  await held.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await held.goto(owned!.at);
  await expect(held.locator('html')).toHaveAttribute('data-viewer', 'pending');
  await expect(cardOn(held)).toBeVisible();
  await expect(cardOn(held).getByRole('button', { name: /^Add to cart/ })).toBeHidden();
  await held.close();

  // with them, the member's own page arrives and the marks show: Unlocked, no Add to cart
  await page.goto(owned!.at);
  await expect(cardOn(page).getByText('Unlocked', { exact: true })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-viewer', 'pending');
  await expect(cardOn(page).getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
});

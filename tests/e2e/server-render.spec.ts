// Server rendering (issue 18) in the browser: the pages work with JavaScript off, and with it on the
// first page is adopted as the server sent it — no hydration error, nothing it shows fetched again.
import { expect, test, type Page } from '@playwright/test';

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
  // a navigation inside the app asks for the next page's metadata (SPEC.md §7)
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').last().click();
  await expect.poll(() => seen.calls.some((c) => c.startsWith('/api/seo/metadata'))).toBe(true);
});

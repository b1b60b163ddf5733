// The SPA with the API down (every /api call aborted in the page): each page says what failed and offers
// "Try again", a banner says we are offline and will reconnect; when the API is back the content appears
// by itself, in the same page (no reload). A first page comes from the server with its content (issue 18),
// so the API goes down after it, and the page that fails is the next one, opened inside the app. The page's clock is Playwright's, so the probe delays of the
// connection machine (2 s, 4 s, 8 s...) are skipped, not waited for.
import { expect, test, type Page, type Route } from './support/test.ts';

const OFFLINE = "You're offline — we'll reconnect automatically.";

async function apiDown(page: Page): Promise<() => Promise<void>> {
  const abort = (route: Route) => route.abort('internetdisconnected');
  await page.route('**/api/**', abort);
  return () => page.unroute('**/api/**', abort);
}

/** Marks the document, so the test can tell the page was not reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

/**
 * Jumps the page's clock past the longest probe delay and holds it there: the next probe finds the
 * API, and "Back online." (3 s of the page's time) stays until the test moves the clock again, however
 * slowly a loaded machine gets to the check.
 */
async function pastTheNextProbe(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 30_000);
}

/** The health probe's next call failing (the API is down). */
const probeFails = (page: Page) =>
  page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === '/api/health');

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** A free prompt, read before the API goes down (page.request is not routed through the page). */
async function freePrompt(page: Page): Promise<{ slugId: string; title: string }> {
  const list = (await (await page.request.get('/api/prompts?grade=0&pageSize=1')).json()) as {
    extend: { data: { slugId: string; title: string }[] };
  };
  return list.extend.data[0]!;
}

/** From a prompt's page (the server's), with the API down, to the free prompts' list inside the app. */
async function freeListWithApiDown(page: Page) {
  await page.goto(`/detail/${(await freePrompt(page)).slugId}`);
  const apiBack = await apiDown(page);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Free Prompts' })
    .click();
  await expect(page).toHaveURL(/\/category\/free-prompts$/);
  return apiBack;
}

test('a list page recovers by itself when the API returns', async ({ page }) => {
  const apiBack = await freeListWithApiDown(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: "We couldn't load these prompts" })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await markDocument(page);

  // still down at the first probe: the page and the banner stay. The probe's failure is awaited: the
  // next probe is only timed once it has failed, and a clock held before then would never fire it
  const firstProbeFailed = probeFails(page);
  await page.clock.fastForward(2_000);
  await firstProbeFailed;
  await expect(page.getByText(OFFLINE)).toBeVisible();

  await apiBack();
  // past the longest probe delay: the next probe finds the API and the list loads again
  await pastTheNextProbe(page);
  await expect(main.getByRole('article').first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText('Back online.')).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
  await page.clock.fastForward(5_000);
  await expect(page.getByText('Back online.')).toHaveCount(0);
});

test('a detail page recovers by itself when the API returns', async ({ page }) => {
  const prompt = await freePrompt(page);
  await page.goto('/category/free-prompts');
  const apiBack = await apiDown(page);
  await page.getByRole('main').getByRole('link', { name: prompt.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/detail/${prompt.slugId}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: "We couldn't load this prompt" })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await markDocument(page);

  await apiBack();
  await pastTheNextProbe(page);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(prompt.title);
  await expect(page.getByText('Back online.')).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
});

test("the browser's online event reconnects at once", async ({ page }) => {
  const apiBack = await freeListWithApiDown(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: "We couldn't load these prompts" })).toBeVisible();
  await apiBack();
  // no clock step: the event alone starts a probe
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(main.getByRole('article').first()).toBeVisible();
});

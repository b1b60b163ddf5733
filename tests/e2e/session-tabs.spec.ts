import { expect, started, test, type BrowserContext, type Page } from './support/test.ts';

// Issue 35 in Chromium: two tabs of one browser share local storage, and the session follows the
// other tab by the `storage` event (requirements §4 Session, cross-tab sync): a logout there shows "Log in"
// here, a login there the account menu, within 1 s. But a signed-in tab also reads storage every
// 5000 ms (§9 auth poll) and calls the server on timers: with the storage event ignored, the other tab
// still ends its session within 1-2.2 s (its cart count refused with 401, the token logged out), so a
// wall-clock wait alone cannot tell the two apart. The tabs' clock is Playwright's, one for the whole
// context: it is paused before the change, and while it is paused no timer fires in either tab. What
// moves the other tab then is the storage event and nothing else; the 1 s bound is real time.
// And a member's owned prompt locks again in place (no reload) when the member logs out, in its own tab
// or in another one: the detail reloads for the visitor, the template goes, the unlock offer is back.

const DEMO = { email: 'demo@example.com', password: 'Demo@12345' };
/** Issue 35: the other tab shows the change within this, in real time (ms). */
const OTHER_TAB_WITHIN = 1_000;

const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Log in' });
const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Account menu for / });

async function loginByEmail(page: Page) {
  await loginButton(page).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible();
}

async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/**
 * Two tabs of one browser, on the clock the test holds (installed before either page loads), the
 * first in front. The tab in front is the one used, as a person would: Chromium runs the tab behind it
 * slowly (a click there takes seconds), and the tab that follows is behind.
 */
async function twoTabs(context: BrowserContext, second = '/terms'): Promise<[Page, Page]> {
  await context.clock.install();
  const one = await context.newPage();
  const two = await context.newPage();
  await one.goto('/');
  await two.goto(second);
  await Promise.all([started(one), started(two)]);
  await one.bringToFront();
  return [one, two];
}

/**
 * Stops time in every tab: from here no timer fires (the session's 5 s poll, its listener pause) until
 * the test runs the clock on. It stops a second ahead of now, every tab's clock being behind that.
 */
const holdTime = (context: BrowserContext) => context.clock.pauseAt(Date.now() + 1_000);

/** A FruitCoin prompt the signed-in demo member already has (the seeded paid orders). */
async function ownedFruitPrompt(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (let p = 1; p <= 5; p++) {
    const res = await page.request.get(`/api/prompts?grade=1&pageSize=60&page=${p}`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    const body = (await res.json()) as { extend: { data: { slugId: string; hasAccess: number }[] } };
    const hit = body.extend.data.find((c) => c.hasAccess === 1);
    if (hit) return hit.slugId;
  }
  throw new Error('the demo member owns no FruitCoin prompt');
}

/** Marks the document, so the test can tell the page was not reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

/** The owned prompt's page, unlocked: the template shown with "Copy prompt". Its text, as shown. */
async function openOwned(page: Page, slugId: string): Promise<string> {
  await expect(page.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
  await expect(page.getByText('Unlocked', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/detail/${slugId}$`));
  const text = (await page.getByLabel('Filled prompt').innerText()).trim();
  expect(text.length).toBeGreaterThan(20);
  await markDocument(page);
  return text;
}

/** Locked again, on the same document: no template, no "Copy prompt", the unlock offer back. */
async function lockedInPlace(page: Page, slugId: string, text: string) {
  await expect(page.getByRole('heading', { name: 'Unlock this prompt' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in to unlock' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy prompt' })).toHaveCount(0);
  await expect(page.getByLabel('Filled prompt')).toHaveCount(0);
  await expect(page.getByText('Unlocked', { exact: true })).toHaveCount(0);
  // nothing of the template stays on the page, not even as hidden text
  expect(await page.evaluate(() => document.body.textContent ?? '')).not.toContain(text.slice(0, 40));
  await expect(page).toHaveURL(new RegExp(`/detail/${slugId}$`));
  expect(await stillSameDocument(page)).toBe(true);
}

test('a logout in one tab shows "Log in" in the other within 1 s, by the storage event', async ({
  context,
}) => {
  const [one, two] = await twoTabs(context);
  await loginByEmail(one);
  await expect(accountMenu(two)).toBeVisible();

  await holdTime(context);
  await logOut(one);
  await expect(loginButton(two)).toBeVisible({ timeout: OTHER_TAB_WITHIN });
  await expect(accountMenu(two)).toHaveCount(0);
  await expect(loginButton(one)).toBeVisible();
  expect(await two.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // another tab's logout is automatic: the tab that followed it shows no toast of its own, nor the
  // error of a session the server refused (what ends it when the storage event is missed)
  await expect(one.getByText('You have been successfully logged out')).toBeVisible();
  await expect(two.getByText('You have been successfully logged out')).toHaveCount(0);
  await expect(two.getByText('Your session has ended. Please log in again.')).toHaveCount(0);
});

test('a login in one tab shows the account menu in the other within 1 s', async ({ context }) => {
  const [one, two] = await twoTabs(context);
  await expect(loginButton(two)).toBeVisible();

  // a signed-out tab has no poll: only the storage event can sign it in (time runs here, as the
  // header's account menu is revealed by React on a timer); 1 s from the first tab showing its menu
  await loginByEmail(one);
  await expect(accountMenu(two)).toBeVisible({ timeout: OTHER_TAB_WITHIN });
  await expect(accountMenu(two)).toHaveAccessibleName(/Demo Shopper/);
  await expect(loginButton(two)).toHaveCount(0);

  // and the other way: a logout in the second tab shows in the first, the poll held
  await two.bringToFront();
  await holdTime(context);
  await logOut(two);
  await expect(loginButton(one)).toBeVisible({ timeout: OTHER_TAB_WITHIN });
  await expect(accountMenu(one)).toHaveCount(0);
});

test('logging out on an owned prompt locks it again in place', async ({ page }) => {
  await page.goto('/');
  await loginByEmail(page);
  const slugId = await ownedFruitPrompt(page);
  await page.goto(`/detail/${slugId}`);
  const text = await openOwned(page, slugId);

  await logOut(page);
  await expect(loginButton(page)).toBeVisible();
  await lockedInPlace(page, slugId, text);
});

test('a logout in another tab locks an owned prompt in place within 1 s', async ({ context }) => {
  const [one, two] = await twoTabs(context);
  await loginByEmail(one);
  const slugId = await ownedFruitPrompt(one);
  await two.goto(`/detail/${slugId}`);
  await started(two);
  const text = await openOwned(two, slugId);

  await one.bringToFront();
  await holdTime(context);
  await logOut(one);
  await expect(loginButton(two)).toBeVisible({ timeout: OTHER_TAB_WITHIN });
  // then the detail asks again, as a visitor, and locks
  await lockedInPlace(two, slugId, text);
});

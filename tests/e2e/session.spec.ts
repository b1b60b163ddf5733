import { expect, started, test, type Browser, type Page } from './support/test.ts';

// Issue 15 in Chromium, with two devices (two browser contexts) of one member: after "Sign out
// everywhere" on one, the other's session ends the first time the server refuses its token, on a
// page it opens or on a reload, with one toast and the page's sign-in view; and a reload reads the
// account again, so a balance spent on one device shows on the other.

const ENDED = 'Your session has ended. Please log in again.';
const ALICE = { email: 'alice@example.com', password: 'Alice@12345' };
const DEMO = { email: 'demo@example.com', password: 'Demo@12345' };

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
const balanceLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /FruitCoin balance/ });
const balanceOf = async (page: Page) =>
  Number(((await balanceLink(page).getAttribute('aria-label')) ?? '').replace(/\D/g, ''));
const toast = (page: Page, text: string) => page.locator('.toast__message', { hasText: text });

/** A device: its own browser context (storage, cookies), signed in as `who` on the home page. */
async function device(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await started(page);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await expect(dialog).toBeVisible();
  if (await dialog.getByRole('button', { name: 'Continue with Email' }).isVisible())
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(who.email);
  await dialog.getByLabel('Password', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible();
  await expect(balanceLink(page)).toBeVisible();
  return page;
}

test('after "Sign out everywhere" on one device, the others end their session with one toast', async ({
  browser,
}) => {
  // three devices sign in one after the other: more than one page's worth of steps on a loaded machine
  test.setTimeout(90_000);
  const laptop = await device(browser, ALICE);
  const phone = await device(browser, ALICE);
  const tablet = await device(browser, ALICE);

  // the laptop signs out everywhere
  await laptop.goto('/settings');
  await started(laptop);
  await laptop.getByRole('main').getByRole('button', { name: 'Sign out everywhere' }).click();
  await laptop
    .getByRole('dialog', { name: 'Sign out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(laptop.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();

  // the tablet, which still shows the member, reloads its page: the session ends at once, with the toast
  // (left alone, the unread count it asks for every 60 s would end it the same way)
  await expect(accountMenu(tablet)).toBeVisible();
  await tablet.reload();
  await expect(toast(tablet, ENDED)).toHaveCount(1);
  await expect(tablet.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(accountMenu(tablet)).toHaveCount(0);

  // the phone still shows the member until it asks the server something: its orders. On a slow
  // machine a background member call (the cart or unread count) may be refused first and end it
  // then, as it should; the phone then opens its orders signed out.
  await phone.bringToFront();
  // the menu may go between the look and the click, when that background call ends the session: a
  // click that finds no menu within 5 s takes the other way
  const viaMenu =
    (await accountMenu(phone).isVisible()) &&
    (await accountMenu(phone)
      .click({ timeout: 5_000 })
      .then(() =>
        phone
          .getByRole('menuitem', { name: 'Orders' })
          .click({ timeout: 5_000 })
          .then(() => true),
      )
      .catch(() => false));
  if (viaMenu) {
    await expect(phone).toHaveURL(/\/orders$/);
    await expect(phone.getByRole('heading', { name: 'Log in to see your orders' })).toBeVisible();
    await expect(toast(phone, ENDED)).toHaveCount(1);
  } else {
    await phone.goto('/orders');
    await started(phone);
    await expect(phone.getByRole('heading', { name: 'Log in to see your orders' })).toBeVisible();
  }
  await expect(phone.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(phone.getByText(/Invalid or expired token/)).toHaveCount(0);
  await expect(phone.getByText('You have been successfully logged out')).toHaveCount(0);
  expect(await phone.evaluate(() => sessionStorage.getItem('auth_redirect_url'))).toBe('/orders');
  expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // logging in again on the phone returns to the orders
  // (a private page opened signed out offers the login dialog by itself)
  const dialog = phone.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  if (!(await dialog.isVisible()))
    await phone.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  if (await dialog.getByRole('button', { name: 'Continue with Email' }).isVisible())
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(ALICE.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ALICE.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(accountMenu(phone)).toBeVisible();

  for (const page of [laptop, phone, tablet]) await page.context().close();
});

test('a reload reads the account again: a balance spent on another device shows', async ({ browser }) => {
  const laptop = await device(browser, DEMO);
  const phone = await device(browser, DEMO);
  const before = await balanceOf(phone);

  // the laptop spends FruitCoins on a coupon (the exchange, with its own token)
  const spent = await laptop.evaluate(async () => {
    const headers = {
      Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
      'Content-Type': 'application/json',
    };
    const offers = (await (await fetch('/api/my/exchange/offers', { headers })).json()) as {
      extend: { data: { id: number; fruitCost: number }[] };
    };
    const offer = offers.extend.data.reduce((a, b) => (b.fruitCost < a.fruitCost ? b : a));
    const res = await fetch('/api/my/exchange', {
      method: 'POST',
      headers,
      body: JSON.stringify({ offerId: offer.id, requestId: crypto.randomUUID() }),
    });
    if (!res.ok) throw new Error(`exchange answered ${res.status}`);
    return offer.fruitCost;
  });
  expect(spent).toBeGreaterThan(0);

  // the phone still shows what it stored; a reload shows the balance the server has
  expect(await balanceOf(phone)).toBe(before);
  await phone.reload();
  await expect.poll(() => balanceOf(phone)).toBe(before - spent);
  await expect(accountMenu(phone)).toBeVisible();

  for (const page of [laptop, phone]) await page.context().close();
});

test('a page loaded with a stored session asks the catalog as the member: /recommended is personal', async ({
  browser,
}) => {
  const page = await device(browser, DEMO);
  await page.goto('/recommended');
  await expect(page.getByText(/^Because you bought, saved or viewed prompts tagged /)).toBeVisible();
  await page.context().close();
});

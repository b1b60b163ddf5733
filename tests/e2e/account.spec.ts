import { expect, test, type Page } from './support/test.ts';
import sharp from 'sharp';

// The account area in Chromium: reading a message, support requests signed out and signed in,
// name and avatar, a password change followed by a login with the new password, and deleting a
// fresh account.

const DEMO = { email: 'demo@example.com', password: 'Demo@12345' };

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  // on a first press the sign-in code loads first: the dialog comes a moment later
  await expect(dialog).toBeVisible();
  if (await dialog.getByRole('button', { name: 'Continue with Email' }).isVisible())
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: /Log out/ }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
}

/** A new verified account, signed in: sign up, follow the mail's link, log in. */
async function freshAccount(page: Page, password: string): Promise<string> {
  const email = `account.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  const signUp = page.getByRole('dialog', { name: /Sign up for FruitPrompt/ });
  await signUp.getByLabel('Email', { exact: true }).fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(password);
  await signUp.getByLabel('Confirm password').fill(password);
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
  const check = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(check).toContainText(email);
  const outbox = (await (
    await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    extend: { data: { text: string }[] };
  };
  const link = /https?:\/\/[^\s]+\/verifyemail-[A-Za-z0-9_-]+\.html/.exec(outbox.extend.data[0]!.text)![0];
  await check.getByRole('button', { name: "I'll check later" }).click();
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/verified/i);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible();
  return email;
}

/** The unread count the account menu announces ("Account menu for Demo Shopper, 4 unread messages"). */
async function menuUnread(page: Page): Promise<number> {
  const name = await accountMenu(page).evaluate(
    (el) => el.getAttribute('aria-label') ?? el.textContent ?? '',
  );
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

test('a member reads a message and the unread count follows', async ({ page }) => {
  await page.goto('/');
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('button', { name: /^Account menu for .*\d+ unread/ })).toBeVisible();
  const before = await menuUnread(page);
  expect(before).toBeGreaterThan(0);

  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('button', { name: /, unread$/ })
    .first()
    .click();
  await expect.poll(() => menuUnread(page)).toBe(before - 1);
});

test('a visitor and then a member send a support request', async ({ page }) => {
  // signed out: the email is asked for
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Support' })).toBeVisible();
  const form = page.getByRole('main');
  await form.getByLabel('Your email').fill('visitor.e2e@example.org');
  await form.getByLabel('Subject').fill('Question about FruitCoins');
  await form.getByLabel('Message').fill('How long do FruitCoins stay on my account before they expire?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/Request #\d+ received/)).toBeVisible();

  // signed in: the account's email is used and the request is listed
  await logIn(page, DEMO.email, DEMO.password);
  await expect(accountMenu(page)).toBeVisible();
  await page.goto('/support');
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Your email' })).toHaveValue(DEMO.email);
  await page.getByRole('main').getByLabel('Subject').fill('A prompt looks different');
  await page
    .getByRole('main')
    .getByLabel('Message')
    .fill('The example image of my last purchase does not match what I get from the template.');
  await page.getByRole('main').getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/Request #\d+ received/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Your requests' }).getByText('A prompt looks different'),
  ).toBeVisible();
});

test('a member changes name and avatar, and the header follows at once', async ({ page }) => {
  await freshAccount(page, 'Fresh@2026');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Display name' });
  await name.fill('Rosa Quince');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('button', { name: /^Account menu for Rosa Quince/ })).toBeVisible();

  // a real PNG, checked by its bytes, re-encoded and served back as WebP
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 230, g: 96, b: 64 } },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Upload a photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('region', { name: 'Avatar' }).getByRole('img').first()).toHaveAttribute(
    'src',
    /\/api\/avatars\/.+\.webp\?v=/,
  );
  const src = await page.getByRole('region', { name: 'Avatar' }).getByRole('img').first().getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
});

test('a member changes the password and logs in with the new one', async ({ page }) => {
  const email = await freshAccount(page, 'Fresh@2026');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('Fresh@2026');
  await form.getByLabel('New password', { exact: true }).fill('Newer@2027');
  await form.getByLabel('Confirm new password').fill('Newer@2027');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. Other devices were signed out.')).toBeVisible();

  await logOut(page);
  await logIn(page, email, 'Fresh@2026');
  await expect(page.getByRole('dialog', { name: /Log in to FruitPrompt/ }).getByRole('alert')).toBeVisible();
  await page
    .getByRole('dialog', { name: /Log in to FruitPrompt/ })
    .getByLabel('Password', { exact: true })
    .fill('Newer@2027');
  await page
    .getByRole('dialog', { name: /Log in to FruitPrompt/ })
    .getByRole('button', { name: 'Log in', exact: true })
    .click();
  await expect(accountMenu(page)).toBeVisible();
});

test('a member deletes a fresh account and cannot log in with it again', async ({ page }) => {
  const email = await freshAccount(page, 'Fresh@2026');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('textbox', { name: 'Type DELETE to confirm' });
  await confirm.fill('delete');
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await confirm.fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();

  await logIn(page, email, 'Fresh@2026');
  await expect(page.getByRole('dialog', { name: /Log in to FruitPrompt/ }).getByRole('alert')).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
});

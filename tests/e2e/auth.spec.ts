import { expect, test, type Page } from './support/test.ts';

const DEMO = { email: 'demo@example.com', password: 'Demo@12345' };

async function openLogin(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  return page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
}

async function loginByEmail(page: Page, email: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

const accountMenu = (page: Page) => page.getByRole('button', { name: /Account menu for/ });

test('register, read the verification mail, open its link, then log in', async ({ page }) => {
  const email = `new.shopper.${Date.now()}@example.org`;
  const password = 'Fresh@2026';
  await page.goto('/');
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  const signUp = page.getByRole('dialog', { name: /Sign up for FruitPrompt/ });
  await expect(signUp).toBeVisible();
  await signUp.getByLabel('Email', { exact: true }).fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(password);
  await signUp.getByLabel('Confirm password').fill(password);
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();

  const check = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(check).toContainText(email);
  await expect(check.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  await expect(check.getByRole('link', { name: 'Open example.org' })).toBeVisible();

  const outbox = (await (
    await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    extend: { data: { subject: string; text: string }[] };
  };
  const mail = outbox.extend.data[0]!;
  expect(mail.subject).toBe('Verify your FruitPrompt email');
  const link = /https?:\/\/[^\s]+\/verifyemail-[A-Za-z0-9_-]+\.html/.exec(mail.text)![0];
  await check.getByRole('button', { name: "I'll check later" }).click();
  await expect(check).toBeHidden();

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/verified/i);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await expect(login.getByLabel('Email', { exact: true })).toHaveValue(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible();
  await expect(page.getByText('You have successfully logged in')).toBeVisible();
});

test('the demo user logs in by email, sees balance and menu, and logs out', async ({ page }) => {
  await page.goto('/');
  await loginByEmail(page, DEMO.email, DEMO.password);
  await expect(accountMenu(page)).toContainText('Demo Shopp...');
  await expect(page.getByRole('link', { name: /FruitCoin balance: \d+/ })).toBeVisible();
  await accountMenu(page).click();
  for (const item of ['Profile', 'Messages', 'Orders', 'Fruit History', 'Settings', 'Log out'])
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wrong password shows the server message in the dialog', async ({ page }) => {
  await page.goto('/');
  await loginByEmail(page, DEMO.email, 'Wrong@12345');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Incorrect email or password.');
});

test('Google through the development identity provider popup', async ({ page }) => {
  await page.goto('/');
  const dialog = await openLogin(page);
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await expect(dialog.getByRole('status')).toContainText(
    'Please complete authorization in the popup window...',
  );
  await popup.getByLabel('Email', { exact: true }).fill('pat.google@example.com');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountMenu(page)).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden();
});

test('continue as guest', async ({ page }) => {
  await page.goto('/');
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(accountMenu(page)).toContainText(/Guest/);
});

// Two tabs following each other (login and logout, within 1 s, by the storage event and not the
// 5 s poll): tests/e2e/session-tabs.spec.ts.

test('an invalid or expired token in storage leaves the visitor logged out', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const expired = `${b64({ alg: 'HS256' })}.${b64({ sub: 'x', exp: 1_000_000 })}.sig`;
  for (const token of ['not-a-token', expired]) {
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  }
  expect(errors).toEqual([]);
});

test('a private page asks to sign in and comes back after login', async ({ page }) => {
  await page.goto('/orders');
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Orders/);
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the signed-in header at 375 px hides the balance and keeps cart and menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto('/');
  await loginByEmail(page, DEMO.email, DEMO.password);
  await expect(accountMenu(page)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /FruitCoin balance/ })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('logging in on a locked prompt the member owns unlocks it in place', async ({ page }) => {
  await page.goto('/');
  await loginByEmail(page, DEMO.email, DEMO.password);
  await expect(accountMenu(page)).toBeVisible();
  // a FruitCoin prompt the demo member already has (the seeded paid orders)
  const owned = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` };
    for (let p = 1; p <= 5; p++) {
      const res = await fetch(`/api/prompts?grade=1&pageSize=60&page=${p}`, { headers });
      const body = (await res.json()) as { extend: { data: { slugId: string; hasAccess: number }[] } };
      const hit = body.extend.data.find((c) => c.hasAccess === 1);
      if (hit) return hit.slugId;
    }
    return null;
  });
  expect(owned).not.toBeNull();
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: /Log out/ }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();

  await page.goto(`/detail/${owned}`);
  await expect(page.getByRole('heading', { name: 'Unlock this prompt' })).toBeVisible();
  await loginByEmail(page, DEMO.email, DEMO.password);
  // no reload: the detail asks again for the new viewer
  await expect(page.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
  await expect(page.getByText('Unlocked', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock this prompt' })).toHaveCount(0);
});

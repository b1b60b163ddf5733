// The demo member (seeded in the embedded development setup, README "Demo accounts") and the way the
// end-to-end tests sign them in: through the header's login dialog, by email and password.
import { expect, type Page } from './test.ts';

export const DEMO = { email: 'demo@example.com', password: 'Demo@12345' };

/** The demo member logs in on the home page and the header shows their account menu. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
}

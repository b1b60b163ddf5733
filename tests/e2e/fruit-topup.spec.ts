import { expect, test, type Page } from './support/test.ts';
import { logInAsDemo } from './support/member.ts';

// Buy FruitCoins (issue 15): the demo member's cart costs more FruitCoins than the balance; from the
// cart's "not enough" message they buy a pack on the development payment page, come back to "550
// FruitCoins added" with the new balance (in the header too), find the top-up in Fruit History, and the
// cart can be checked out.

/** An API call with the page's own token (setting up the cart). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path as string, {
        method: method as string,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return ((await res.json()) as { extend: unknown }).extend;
    },
    [method, path, body] as const,
  ) as Promise<T>;
}

const balanceLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /FruitCoin balance/ });
const balanceOf = async (page: Page) =>
  Number(((await balanceLink(page).getAttribute('aria-label')) ?? '').replace(/\D/g, ''));

test('from "not enough FruitCoins" in the cart to a pack bought on the payment page', async ({ page }) => {
  await logInAsDemo(page);
  const before = await balanceOf(page);

  // a cart of FruitCoin prompts worth more than the balance (cheapest first, so one pack covers it)
  const cart = await api<{ data: { items: { promptId: number }[] } }>(page, 'GET', '/api/my/cart');
  for (const item of cart.data.items)
    await api(page, 'POST', '/api/my/cart/remove', { promptId: item.promptId });
  const cards = await api<{ data: { id: number; priceFruit: number; hasAccess: number }[] }>(
    page,
    'GET',
    '/api/prompts?grade=1&sort=price_asc&pageSize=60',
  );
  let total = 0;
  for (const card of cards.data.filter((c) => c.hasAccess !== 1)) {
    if (total > before) break;
    await api(page, 'POST', '/api/my/cart/add', { promptId: card.id });
    total += card.priceFruit;
  }
  expect(total).toBeGreaterThan(before);
  expect(total - before).toBeLessThan(550);

  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(`${total - before} FruitCoins short of the FruitCoin part`);
  await expect(summary.getByRole('button', { name: 'Check out' })).toHaveAttribute('aria-disabled', 'true');
  await summary.getByRole('link', { name: 'Buy FruitCoins' }).click();

  await expect(page).toHaveURL(/\/buy-fruitcoins$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy FruitCoins' })).toBeVisible();
  await expect(page).toHaveTitle('Buy FruitCoins — FruitPrompt');
  await page.getByRole('button', { name: 'Buy 550 FruitCoins for $4.99' }).click();

  // the development payment page, as for premium prompts
  await page.waitForURL(/\/dev-pay\/cs_[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy 550 FruitCoins' })).toBeVisible();
  await expect(page.locator('#amount')).toHaveText('$4.99');
  await page.getByRole('button', { name: 'Pay' }).click();

  // back on the page of its own, which says what was added
  await page.waitForURL(/\/buy-fruitcoins\?payment=cs_[0-9a-f]+$/);
  const added = page.getByRole('region', { name: '550 FruitCoins added' });
  await expect(added).toBeVisible();
  await expect(added).toContainText(
    `Your balance is now ${(before + 550).toLocaleString('en-US')} FruitCoins.`,
  );
  await expect.poll(() => balanceOf(page)).toBe(before + 550);

  // a reload confirms again and adds nothing more
  await page.reload();
  await expect(page.getByRole('region', { name: '550 FruitCoins added' })).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBe(before + 550);

  // Fruit History lists it with its own label
  await page.getByRole('link', { name: 'See Fruit History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fruit History' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Basket pack: 550 FruitCoins for $4.99' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('FruitCoins bought');
  await expect(row).toContainText('+550');

  // and the cart can be checked out now
  await page.goto('/cart');
  const checkOut = page.getByRole('complementary', { name: 'Order summary' }).getByRole('button', {
    name: 'Check out',
  });
  await expect(checkOut).toBeVisible();
  await expect(checkOut).not.toHaveAttribute('aria-disabled', 'true');
});

test('a cancelled payment adds nothing and offers to try again', async ({ page }) => {
  await logInAsDemo(page);
  const before = await balanceOf(page);
  await balanceLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buy FruitCoins' })).toBeVisible();
  await page.getByRole('button', { name: 'Buy 100 FruitCoins for $0.99' }).click();
  await page.waitForURL(/\/dev-pay\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  const cancelled = page.getByRole('region', { name: 'Payment cancelled' });
  await expect(cancelled).toContainText('Nothing was charged and no FruitCoins were added.');
  expect(await balanceOf(page)).toBe(before);
  await cancelled.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL(/\/dev-pay\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy 100 FruitCoins' })).toBeVisible();
});

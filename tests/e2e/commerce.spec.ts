import { expect, test, type Page } from './support/test.ts';
import type { Card } from './support/cards.ts';
import { logInAsDemo } from './support/member.ts';

// The demo member buys a FruitCoin prompt and a premium prompt in one checkout (through the
// development payment page), sees both orders on the receipt and together in Orders, finds them in
// Fruit History and unlocked on their pages, then exchanges FruitCoins for a coupon and uses it on
// the next premium purchase.

/** Prompts of a grade the member does not have yet, cheapest first (asked with the page's token). */
async function notOwned(page: Page, grade: 1 | 2): Promise<Card[]> {
  return page.evaluate(async (g) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` };
    const res = await fetch(`/api/prompts?grade=${g}&sort=price_asc&pageSize=60`, { headers });
    const body = (await res.json()) as { extend: { data: Card[] } };
    return body.extend.data.filter((c) => c.hasAccess !== 1);
  }, grade);
}

/** The detail page's "Unlock this prompt" section. */
const lockedPanel = (page: Page) => page.getByRole('region', { name: 'The prompt' });

const balanceLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /FruitCoin balance/ });
const balanceOf = async (page: Page) =>
  Number(((await balanceLink(page).getAttribute('aria-label')) ?? '').replace(/\D/g, ''));

test('buy a FruitCoin and a premium prompt, then find them in Orders, Fruit History and unlocked', async ({
  page,
}) => {
  await logInAsDemo(page);
  const [fruit] = await notOwned(page, 1);
  const [premium] = await notOwned(page, 2);
  expect(fruit && premium).toBeTruthy();
  const before = await balanceOf(page);

  // both into the cart from their detail pages
  for (const prompt of [fruit!, premium!]) {
    await page.goto(`/detail/${prompt.slugId}`);
    await expect(page.getByRole('heading', { name: 'Unlock this prompt' })).toBeVisible();
    await lockedPanel(page).getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(lockedPanel(page).getByRole('link', { name: /cart/i })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByRole('link', { name: /cart/i })).toContainText('2');

  // check out: the FruitCoin part is paid at once, the premium part goes to the payment page
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await page.getByRole('button', { name: 'Check out' }).click();
  const review = page.getByRole('dialog');
  await review.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/dev-pay\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(premium!.title)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/paiddetail-\d+-[\w-]+\.html$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

  // the receipt shows both orders of the checkout, each with its prompt and what it paid
  const receipt = page.getByRole('main').getByRole('region', { name: /^Checkout #\d+ · 2 orders$/ });
  await expect(receipt).toBeVisible();
  const checkoutName = await receipt.getByRole('heading', { level: 2 }).textContent();
  const fruitOrder = receipt.getByRole('article').filter({ hasText: fruit!.title });
  await expect(fruitOrder).toContainText(`Paid with ${fruit!.priceFruit} FruitCoins`);
  await expect(fruitOrder.getByRole('link', { name: fruit!.title })).toBeVisible();
  const premiumOrder = receipt.getByRole('article').filter({ hasText: premium!.title });
  await expect(premiumOrder).toContainText(`Paid $${(premium!.priceCents! / 100).toFixed(2)} by card`);
  await expect(premiumOrder.getByRole('link', { name: premium!.title })).toBeVisible();

  // a reload of the paid page does not pay twice
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

  // the header balance went down by the FruitCoin price
  await expect.poll(() => balanceOf(page)).toBe(before - fruit!.priceFruit!);

  // Orders: both orders, paid, framed as the one checkout they came from
  await page.goto('/orders');
  const orders = page.getByRole('main');
  const together = orders.getByRole('group', { name: checkoutName! });
  await expect(together.getByRole('article')).toHaveCount(2);
  await expect(together.getByText(fruit!.title)).toBeVisible();
  await expect(together.getByText(premium!.title)).toBeVisible();
  await expect(together.getByText('Paid', { exact: true })).toHaveCount(2);

  // Fruit History: the purchase with its amount
  await page.goto('/fruit-transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Fruit History' })).toBeVisible();
  await expect(page.getByRole('main').getByText(`−${fruit!.priceFruit}`).first()).toBeVisible();

  // both unlocked on their pages
  for (const prompt of [fruit!, premium!]) {
    await page.goto(`/detail/${prompt.slugId}`);
    await expect(page.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unlock this prompt' })).toHaveCount(0);
  }
});

test('exchange FruitCoins for a coupon and use it on a premium prompt', async ({ page }) => {
  await logInAsDemo(page);
  const before = await balanceOf(page);

  await page.goto('/exchange-coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Exchange Fruit Coins' })).toBeVisible();
  const offer = page
    .getByRole('button', { name: /^Exchange for / })
    .and(page.locator(':enabled'))
    .first();
  await offer.click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: /^Spend \d+ FruitCoins$/ }).click();
  await expect(page.getByRole('region', { name: 'Your new coupon' })).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBeLessThan(before);
  const code = (await page.getByRole('region', { name: 'Your new coupon' }).textContent())!.match(
    /FRUIT-[A-Z0-9]{4}-[A-Z0-9]{4}/,
  )![0];

  // the coupon is in My Coupons
  await page.goto('/coupons');
  await expect(page.getByRole('main').getByText(code)).toBeVisible();

  // and applies to the money part of the cart
  const premium = (await notOwned(page, 2)).at(-1)!; // the dearest, so any minimum spend is met
  await page.goto(`/detail/${premium.slugId}`);
  await lockedPanel(page).getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(lockedPanel(page).getByRole('link', { name: /cart/i })).toBeVisible();
  await page.goto('/cart');
  const picker = page.getByRole('combobox', { name: 'Coupon' });
  const option = picker.locator('option', { hasText: code });
  await picker.selectOption({ label: (await option.textContent())!.trim() });
  await expect(page.getByText(new RegExp(`${code} applied`))).toBeVisible();

  await page.getByRole('button', { name: 'Check out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/dev-pay\//);
  await expect(page.getByText(code)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByRole('main').getByText(code)).toBeVisible();

  // now used
  await page.goto('/coupons?tab=used');
  await expect(page.getByRole('main').getByText(code)).toBeVisible();
});

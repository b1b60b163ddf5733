import { expect, test, type Locator, type Page } from './support/test.ts';
import type { Card } from './support/cards.ts';
import { logInAsDemo } from './support/member.ts';

// Issue 15: a locked prompt's price and its action ("Log in to unlock", "Buy now", "Add to cart") are
// on the first screen: beside the title at 1280×800, in a bar at the bottom of the viewport on a
// phone, which covers neither the fixed footer's links nor the end of the page.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 780 };

const priceText = (card: Card): string =>
  card.grade === 1 ? `${card.priceFruit} FruitCoins` : `$${((card.priceCents ?? 0) / 100).toFixed(2)}`;

/** Prompts of a grade the caller cannot see yet (asked with the page's token, if any). */
async function locked(page: Page, grade: 1 | 2): Promise<Card> {
  const cards = await page.evaluate(async (g) => {
    const token = localStorage.getItem('token');
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const res = await fetch(`/api/prompts?grade=${g}&sort=price_asc&pageSize=60`, { headers });
    return ((await res.json()) as { extend: { data: Card[] } }).extend.data;
  }, grade);
  const card = cards.find((c) => c.hasAccess !== 1);
  if (!card) throw new Error(`no locked prompt of grade ${grade}`);
  return card;
}

/** Wholly inside the first screen (no scrolling) and not hidden under the fixed header or footer. */
async function onFirstScreen(target: Locator, what: string) {
  await expect(target, `${what} is shown`).toBeVisible();
  const page = target.page();
  const viewport = page.viewportSize()!;
  const box = (await target.boundingBox())!;
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY, 'the page was not scrolled').toBe(0);
  expect(box.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} ends on the first screen (${viewport.height} px)`).toBeLessThanOrEqual(
    viewport.height,
  );
  // what is at its centre is the element itself (not the header, the footer or anything else)
  const covered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && (el === hit || el.contains(hit)) ? null : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  expect(covered, `${what} is not covered`).toBeNull();
}

/**
 * The prompt page's price and action, in the region "The prompt" (the locked panel). The price is its
 * own text, or (on a phone's bar) the "Buy now for {price}" button that spends it.
 */
async function expectPriceAndAction(page: Page, card: Card, actions: (string | RegExp)[]) {
  await page.goto(`/detail/${card.slugId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.title);
  const region = page.getByRole('region', { name: 'The prompt' });
  const price = region
    .getByText(priceText(card), { exact: true })
    .or(region.getByRole('button', { name: `Buy now for ${priceText(card)}` }))
    .filter({ visible: true });
  await onFirstScreen(price.first(), `the price ${priceText(card)}`);
  for (const name of actions) {
    // one such button on the page: the bar is the panel's own buttons, not copies
    const buttons = page.getByRole('button', { name, exact: true });
    await expect(buttons, `one "${String(name)}" button`).toHaveCount(1);
    await onFirstScreen(region.getByRole('button', { name, exact: true }), `"${String(name)}"`);
  }
}

for (const size of [DESKTOP, PHONE, SMALL_PHONE]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('a visitor sees the price and "Log in to unlock" of a FruitCoin and a premium prompt at once', async ({
      page,
    }) => {
      await page.goto('/');
      for (const grade of [1, 2] as const) {
        const card = await locked(page, grade);
        await expectPriceAndAction(page, card, ['Log in to unlock']);
      }
    });

    test('a member sees the price, "Buy now" and "Add to cart" at once', async ({ page }) => {
      await logInAsDemo(page);
      const fruit = await locked(page, 1);
      await expectPriceAndAction(page, fruit, [/^Buy now/, 'Add to cart']);
      const premium = await locked(page, 2);
      await expectPriceAndAction(page, premium, ['Add to cart']);
    });
  });
}

test.describe('the phone bar', () => {
  test.use({ viewport: PHONE });

  test('leaves the footer links and the end of the page reachable', async ({ page }) => {
    await page.goto('/');
    const card = await locked(page, 2);
    await page.goto(`/detail/${card.slugId}`);
    const action = page
      .getByRole('region', { name: 'The prompt' })
      .getByRole('button', { name: 'Log in to unlock' });
    await expect(action).toBeVisible();
    for (const name of ['Terms of Service', 'Privacy Policy'])
      await onFirstScreen(
        page.getByRole('contentinfo').getByRole('link', { name }),
        `the footer's "${name}"`,
      );

    // at the very end, the last of the page's content is above the bar, not under it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = (await action.boundingBox())!;
    const lastBottom = await page.evaluate(() => {
      const items = [...document.querySelectorAll('main article > *')];
      const last = items.at(-1)!;
      return last.getBoundingClientRect().bottom;
    });
    expect(lastBottom, 'the end of the page scrolls clear of the bar').toBeLessThanOrEqual(bar.y);
  });
});

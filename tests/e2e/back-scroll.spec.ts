import { expect, test, type Page } from './support/test.ts';

// Issue 15: Back returns to the scroll position the list had. A shopper scrolls the home page's
// "All prompts" down to a card, opens it, follows the breadcrumb to its category, then goes Back
// twice: the home page must come back where it was, with the card in the same place (it was about
// 400 px off, because the list came back as a short skeleton while the scroll was restored).

const allPrompts = (page: Page) => page.getByRole('list', { name: 'All prompts' });

async function scrollPosition(page: Page) {
  return page.evaluate(() => Math.round(window.scrollY));
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`Back through two pages returns the home list to where it was at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const cards = allPrompts(page).getByRole('listitem');
    await expect(cards.nth(11)).toBeVisible();
    const card = cards.nth(9);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const before = await scrollPosition(page);
    const cardTop = await card.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(before).toBeGreaterThan(800);

    await card.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    await breadcrumb.last().click();
    await expect(
      page
        .getByRole('list', { name: /prompts/i })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await page.goBack();
    await expect(allPrompts(page).getByRole('listitem').nth(9)).toBeVisible();
    await expect.poll(() => scrollPosition(page)).toBeGreaterThan(before - 20);
    expect(Math.abs((await scrollPosition(page)) - before)).toBeLessThanOrEqual(20);
    const cardTopAfter = await allPrompts(page)
      .getByRole('listitem')
      .nth(9)
      .evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(Math.abs(cardTopAfter - cardTop)).toBeLessThanOrEqual(20);
  });
}

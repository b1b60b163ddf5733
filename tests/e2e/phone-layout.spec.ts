import { expect, test, type Locator, type Page } from './support/test.ts';

// Issue 15, phones: a catalog page shows two cards per row from 360 px, each still usable (image,
// title, price and its button inside the card, touch targets of 40 px), so a 24-prompt page is a
// fraction of the 10,000 px one card per row made it.

const PHONES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
];

/** The page's main grid of cards (home: the "All prompts" grid under the shelves). */
const mainGrid = (page: Page): Locator => page.getByRole('main').locator('ul.prompt-grid').first();

async function gridReady(page: Page) {
  await expect(mainGrid(page).getByRole('article').nth(1)).toBeVisible();
}

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
};

for (const size of PHONES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    for (const path of ['/', '/category/fruit-prompts', '/search?q=portrait']) {
      test(`${path}: two cards share a row, each with its title, price and button inside`, async ({
        page,
      }) => {
        await page.goto(path);
        await gridReady(page);
        const cards = mainGrid(page).getByRole('article');
        const [first, second] = [await boxOf(cards.nth(0)), await boxOf(cards.nth(1))];
        expect(Math.abs(first.y - second.y), 'the first two cards start on the same line').toBeLessThan(2);
        expect(second.x, 'the second card is beside the first').toBeGreaterThanOrEqual(first.x + first.width);
        expect(second.x + second.width).toBeLessThanOrEqual(size.width);

        // everything a shopper needs is inside its card and big enough to press
        for (const card of [cards.nth(0), cards.nth(1)]) {
          const box = await boxOf(card);
          const inside = async (part: Locator) => {
            const b = await boxOf(part);
            expect(b.x).toBeGreaterThanOrEqual(box.x - 0.5);
            expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
            expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
            return b;
          };
          await inside(card.getByRole('img').first());
          await inside(card.getByRole('heading', { level: 3 }));
          await inside(card.locator('.badge'));
          const heart = await inside(card.getByRole('button', { name: /^Save|^Remove .* from saved/ }));
          expect(heart.height).toBeGreaterThanOrEqual(40);
          const buy = card.getByRole('button', { name: /^Add to cart/ });
          if ((await buy.count()) > 0) {
            const b = await inside(buy);
            expect(b.height).toBeGreaterThanOrEqual(40);
          }
        }
      });
    }

    test('a 24-prompt page is far shorter than with one card per row', async ({ page }) => {
      await page.goto('/category/fruit-prompts');
      await gridReady(page);
      await expect(mainGrid(page).getByRole('article')).toHaveCount(24);
      const height = () => page.evaluate(() => document.documentElement.scrollHeight);
      const twoPerRow = await height();
      // the layout before: one card per row
      await page.evaluate(() => {
        for (const grid of document.querySelectorAll<HTMLElement>('.prompt-grid'))
          grid.style.gridTemplateColumns = '1fr';
      });
      const onePerRow = await height();
      console.log(
        `24 prompts at ${size.width} px: ${twoPerRow} px tall as shown, ${onePerRow} px with one card per row`,
      );
      expect(twoPerRow).toBeLessThan(onePerRow * 0.62);
      expect(twoPerRow).toBeLessThan(6000);
    });
  });
}

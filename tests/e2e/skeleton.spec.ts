import { expect, test, type Page } from './support/test.ts';

interface Card {
  id: number;
  slugId: string;
  grade: number;
}

async function firstCards(page: Page): Promise<Card[]> {
  const res = await page.request.get('/api/prompts?pageSize=12');
  const body = (await res.json()) as { extend: { data: Card[] } };
  return body.extend.data;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('the home grid shows prompt cards from the API', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'All prompts', exact: true });
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  expect(await grid.getByRole('listitem').count()).toBeGreaterThanOrEqual(12);
  // a card shows its title as a link to the detail page, and its price or "Free"
  const firstLink = grid.getByRole('link').first();
  await expect(firstLink).toHaveAttribute('href', /^\/detail\/[a-z0-9-]+-\d+$/);
  await expect(grid).toContainText(/Free|FruitCoins|\$\d+\.\d{2}/);
  expect(errors).toEqual([]);
});

test('every route of requirements §2 renders without a page error', async ({ page }) => {
  const cards = await firstCards(page);
  const card = cards[0]!;
  const routes: [string, RegExp][] = [
    ['/', /prompt/i],
    ['/recommended', /Recommended/i],
    ['/s/unknownlink', /share|link/i],
    ['/ps/unknownlink', /share|link/i],
    [`/detail_${card.id}.html`, /./],
    [`/detail/${card.slugId}`, /./],
    ['/social-callback', /sign|log|google/i],
    ['/auth/callback', /sign|log|google/i],
    ['/cart', /cart/i],
    ['/search?q=portrait', /search|portrait/i],
    ['/category', /categor|prompts/i],
    ['/category/free-prompts', /Free Prompts/i],
    ['/category/fruit-prompts', /FruitCoin Prompts/i],
    ['/category/premium-prompts', /Premium Prompts/i],
    ['/terms', /Terms of Service/i],
    ['/privacy', /Privacy Policy/i],
    ['/verifyemail-abc123def456.html', /verif|email|link/i],
    ['/paiddetail-12-sess_abc.html', /order|pay/i],
    ['/pendingdetail-12.html', /order|pending/i],
    ['/orders', /order/i],
    ['/order-detail/12', /order/i],
    ['/messages', /message/i],
    ['/support', /Customer Support/i],
    ['/profile', /My Profile/i],
    ['/settings', /Account Settings/i],
    ['/fruit-transactions', /Fruit History/i],
    ['/coupons', /My Coupons/i],
    ['/exchange-coupons', /Exchange Fruit Coins/i],
    ['/buy-fruitcoins', /Buy FruitCoins/i],
  ];
  for (const [path, heading] of routes) {
    const errors = collectErrors(page);
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await expect(h1, path).toBeVisible();
    await expect(h1, path).toHaveText(heading);
    await expect(page.getByText('Page Not Found'), path).toHaveCount(0);
    expect(errors, path).toEqual([]);
    page.removeAllListeners('pageerror');
  }
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.goto('/detail_.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});

test('the header search goes to /search?q= with the trimmed text and ignores blanks', async ({ page }) => {
  await page.goto('/terms');
  const box = page.getByRole('searchbox', { name: 'Search prompts' });
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/terms$/);
  await box.fill('  neon portrait  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=neon(\+|%20)portrait$/);
  await expect(page.getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('neon portrait');
});

test('the category menu opens, marks the current category and navigates', async ({ page }) => {
  await page.goto('/category/free-prompts');
  const trigger = page.getByRole('button', { name: /Free Prompts/ });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const current = page.getByRole('menuitem', { name: 'Free Prompts', exact: true });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await page.getByRole('menuitem', { name: 'Premium Prompts', exact: true }).click();
  await expect(page).toHaveURL(/\/category\/premium-prompts$/);
  await page.goto('/terms');
  await expect(page.getByRole('button', { name: /^Categories/ })).toBeVisible();
});

test('premium template text never reaches an anonymous page', async ({ page }) => {
  const res = await page.request.get('/api/prompts?grade=2&pageSize=1');
  const card = ((await res.json()) as { extend: { data: Card[] } }).extend.data[0]!;
  await page.goto(`/detail/${card.slugId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const detail = (await (await page.request.get(`/api/prompts/detail?id=${card.id}&memberId=0`)).json()) as {
    extend: { data: { promptDetail: { template: string | null } } };
  };
  expect(detail.extend.data.promptDetail.template).toBeNull();
});

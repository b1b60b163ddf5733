import { expect, test, type APIRequestContext } from './support/test.ts';

interface Full {
  id: number;
  slugId: string;
  title: string;
  grade: number;
  promptDetail: { template: string | null; variables: { index: number; label: string; example: string }[] };
}

async function firstFreeWithVariables(request: APIRequestContext): Promise<Full> {
  const list = (await (await request.get('/api/prompts?grade=0&pageSize=12')).json()) as {
    extend: { data: { id: number }[] };
  };
  for (const card of list.extend.data) {
    const detail = (await (await request.get(`/api/prompts/detail?id=${card.id}&memberId=0`)).json()) as {
      extend: { data: Full };
    };
    if (detail.extend.data.promptDetail.variables.length > 0) return detail.extend.data;
  }
  throw new Error('no free prompt with variables');
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a free prompt fills its variables live and copies the filled text', async ({ page }) => {
  const prompt = await firstFreeWithVariables(page.request);
  await page.goto(`/detail/${prompt.slugId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(prompt.title);
  const [first, ...others] = prompt.promptDetail.variables;
  const variables = page.getByRole('group', { name: 'Fill in the variables' });
  await variables
    .getByRole('textbox', { name: `Variable 1: ${first!.label}`, exact: true })
    .fill('zebra crossing');
  await expect(page.getByLabel('Filled prompt')).toContainText('zebra crossing');
  await page.getByRole('button', { name: 'Copy prompt' }).click();
  // the fields left empty are copied with their examples, and the toast says how many
  await expect(
    page.getByText(
      others.length === 0
        ? 'Prompt copied to your clipboard'
        : `Copied, with ${others.length} example value${others.length === 1 ? '' : 's'}`,
      { exact: true },
    ),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('zebra crossing');
  expect(copied).not.toMatch(/\[Variable \d+\]/);
  for (const variable of others) expect(copied).toContain(variable.example);
});

test('Share copies a short link that lands on the prompt', async ({ page }) => {
  const prompt = await firstFreeWithVariables(page.request);
  await page.goto(`/detail/${prompt.slugId}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Share link copied to your clipboard')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/s\/[A-Za-z0-9]+$/);
  await page.goto(new URL(url).pathname);
  await expect(page).toHaveURL(new RegExp(`/detail/${prompt.slugId}$`));
});

test('the legacy detail address redirects to /detail/{slugId}, keeping the query', async ({ page }) => {
  const prompt = await firstFreeWithVariables(page.request);
  await page.goto(`/detail_${prompt.id}.html?ref=newsletter`);
  await expect(page).toHaveURL(new RegExp(`/detail/${prompt.slugId}\\?ref=newsletter$`));
  await page.goto('/detail_999999.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});

test('a locked prompt shows no template text in the page', async ({ page }) => {
  const list = (await (await page.request.get('/api/prompts?grade=2&pageSize=1')).json()) as {
    extend: { data: { slugId: string }[] };
  };
  await page.goto(`/detail/${list.extend.data[0]!.slugId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy prompt' })).toHaveCount(0);
  expect(await page.content()).not.toMatch(/\[Variable \d+\]/);
});

test('search shows a count and highlighted matches, and the page carries its metadata', async ({ page }) => {
  await page.goto('/search?q=portrait');
  await expect(page.getByText(/\d+ results? for “portrait”/)).toBeVisible();
  await expect(page.locator('mark').first()).toBeVisible();
  await expect(page).toHaveTitle(/portrait/i);
  const prompt = await firstFreeWithVariables(page.request);
  await page.goto(`/detail/${prompt.slugId}`);
  await expect(page).toHaveTitle(new RegExp(prompt.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/detail/${prompt.slugId}$`),
  );
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? '{}')).toBeTruthy();
});

test('the first HTML of a detail page already carries its title for crawlers', async ({ request }) => {
  const prompt = await firstFreeWithVariables(request);
  const html = await (await request.get(`/detail/${prompt.slugId}`)).text();
  expect(html).toContain(`<title>${prompt.title}`);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/detail\//);
});

test('home shows its shelves and pages its list by address, one way only', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: /Trending/i })).toBeVisible();
  const grid = page.getByRole('list', { name: 'All prompts', exact: true });
  const first = await grid.getByRole('heading').first().textContent();
  await expect(page.getByRole('button', { name: /Show more/i })).toHaveCount(0);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(pagination).toContainText('Page 2 of');
  await expect(grid.getByRole('heading').first()).not.toHaveText(first!);
  await pagination.getByRole('link', { name: 'Previous' }).click();
  await expect(pagination).toContainText('Page 1 of');
});

test('a detail page offers related prompts that open in place', async ({ page }) => {
  const prompt = await firstFreeWithVariables(page.request);
  await page.goto(`/detail/${prompt.slugId}`);
  const related = page.getByRole('region', { name: 'You may also like' });
  const cards = related.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const title = (await cards.first().getByRole('heading').textContent())!.trim();
  await cards.first().getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('a category named by its reference id, as query or param, is that category', async ({ page }) => {
  await page.goto('/category?id=fruit_prompts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FruitCoin Prompts');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/category\/fruit-prompts$/);
  await page.goto('/category/pay_prompts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premium Prompts');
  await expect(page.getByRole('article').first()).toContainText('$');
  await page.goto('/category/not-a-category');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

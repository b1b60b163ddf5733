import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { PromptPage } from '../../domain/catalog.ts';
import { cardFixture, fullFixture } from '../support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

const threeGrades: PromptPage = {
  data: [
    cardFixture(1, { title: 'Neon Koi Pond', grade: 0 }),
    cardFixture(2, { title: 'Citrus Still Life', grade: 1, priceFruit: 12, generatorType: 2 }),
    cardFixture(3, { title: 'Orbital Greenhouse', grade: 2, priceCents: 499, generatorType: 4 }),
  ],
  total: 3,
  page: 1,
  pageSize: 24,
};

const manyCards = (page: number, total: number): PromptPage => ({
  data: Array.from({ length: 6 }, (_, i) => cardFixture((page - 1) * 6 + i + 1)),
  total,
  page,
  pageSize: 24,
});

describe('home grid', () => {
  it('asks promptList for page 1 and renders a card per prompt', async () => {
    const listPrompts = vi.fn(async () => threeGrades);
    await renderApp('/', { listPrompts });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(listPrompts).toHaveBeenCalledWith({ page: 1, pageSize: 24 });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);

    const [free, fruit, premium] = cards.map((card) => within(card));
    expect(free!.getByRole('link', { name: 'Neon Koi Pond' })).toHaveAttribute(
      'href',
      '/detail/misty-alpine-lake-1-1',
    );
    expect(free!.getByText('Free')).toBeInTheDocument();
    expect(free!.getByText('Midjourney')).toBeInTheDocument();
    expect(fruit!.getByText('12 FruitCoins')).toBeInTheDocument();
    expect(fruit!.getByText('DALL.E')).toBeInTheDocument();
    expect(premium!.getByText('$4.99')).toBeInTheDocument();
    expect(premium!.getByText('Kling')).toBeInTheDocument();

    const image = free!.getByRole('img', { name: 'Misty Alpine Lake 1' });
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '360');
  });

  it('loads images below the first row lazily (where the grid starts the page)', async () => {
    await renderApp('/?sort=newest', { listPrompts: vi.fn(async () => manyCards(1, 6)) });
    const images = (await screen.findAllByRole('article')).map((card) => within(card).getByRole('img'));
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('passes typed search params to the query', async () => {
    const listPrompts = vi.fn(async () => threeGrades);
    await renderApp('/?type=2&sort=newest&page=3&grade=9&junk=1', { listPrompts });
    await screen.findAllByRole('article');
    expect(listPrompts).toHaveBeenCalledWith({ type: 2, sort: 'newest', page: 3, pageSize: 24 });
  });

  it('pages with Previous and Next links', async () => {
    const listPrompts = vi.fn(async (query: { page?: number }) => manyCards(query.page ?? 1, 60));
    const { user, router } = await renderApp('/', { listPrompts });
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(pagination).getByText('Page 1 of 3')).toBeInTheDocument();
    const next = within(pagination).getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '/?page=2');
    await user.click(next);
    await waitFor(() => expect(router.state.location.href).toBe('/?page=2'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(listPrompts).toHaveBeenLastCalledWith({ page: 2, pageSize: 24 });
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/');
  });

  it('shows a loading skeleton, then an error with "Try again" that retries', async () => {
    let fail = true;
    const listPrompts = vi.fn(async () => {
      if (fail) throw new Error("Can't reach FruitPrompt right now.");
      return threeGrades;
    });
    const { user } = await renderApp('/', { listPrompts });
    expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach FruitPrompt right now.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(listPrompts).toHaveBeenCalledTimes(2);
  });

  it('shows the skeleton while loading', async () => {
    await renderApp('/', { listPrompts: vi.fn(() => new Promise<PromptPage>(() => {})) });
    expect(await screen.findByText('Loading prompts…')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'All prompts' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows an empty state when nothing matches', async () => {
    await renderApp('/?type=3', {
      listPrompts: vi.fn(async () => ({ data: [], total: 0, page: 1, pageSize: 24 })),
    });
    expect(await screen.findByRole('heading', { name: 'No prompts here yet' })).toBeInTheDocument();
  });

  it('fixes the grade on category pages', async () => {
    const listPrompts = vi.fn(async () => threeGrades);
    await renderApp('/category/premium-prompts?type=1', { listPrompts });
    await screen.findAllByRole('article');
    expect(listPrompts).toHaveBeenCalledWith({ type: 1, page: 1, pageSize: 24, grade: 2 });
  });

  it.each([
    ['/category?id=fruit_prompts', 'FruitCoin Prompts', { grade: 1 }, 'fruit_prompts'],
    ['/category/pay_prompts', 'Premium Prompts', { grade: 2 }, 'pay_prompts'],
    ['/category/free_prompts?sort=newest', 'Free Prompts', { grade: 0, sort: 'newest' }, 'free_prompts'],
    ['/category?id=all&type=4', 'All Prompts', { type: 4 }, 'all'],
  ])('opens %s as the category its reference id names (requirements §7)', async (url, title, fixed, ref) => {
    const listPrompts = vi.fn(async () => threeGrades);
    const fetchSeo = vi.fn(async () => null);
    const clock = new SimulatedClock();
    await renderApp(url, { listPrompts }, { effects: { fetchSeo }, clock });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(listPrompts).toHaveBeenCalledWith({ page: 1, pageSize: 24, ...fixed });
    // the page's metadata is asked for once the seo machine's 100 ms check delay has passed
    act(() => clock.increment(100));
    await waitFor(() =>
      expect(fetchSeo).toHaveBeenCalledWith(
        expect.objectContaining({ pageType: 'CATEGORY', referenceId: ref }),
      ),
    );
  });

  it.each(['/category?id=nonsense', '/category/nonsense'])('says "Page Not Found" for %s', async (url) => {
    const listPrompts = vi.fn(async () => threeGrades);
    await renderApp(url, { listPrompts });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(listPrompts).not.toHaveBeenCalled();
  });

  it('lists the categories at /category with no id', async () => {
    await renderApp('/category');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Categories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Premium Prompts/ })).toHaveAttribute(
      'href',
      '/category/premium-prompts',
    );
  });
});

describe('prompt detail', () => {
  it('loads by slugId and shows the template when it may be seen', async () => {
    const getPrompt = vi.fn(
      async () => ({ found: true, prompt: fullFixture(1, { title: 'Misty Alpine Lake' }) }) as const,
    );
    await renderApp('/detail/misty-alpine-lake-1', { getPrompt });
    expect(await screen.findByRole('heading', { level: 1, name: 'Misty Alpine Lake' })).toBeInTheDocument();
    expect(getPrompt).toHaveBeenCalledWith('misty-alpine-lake-1');
    expect(screen.getByRole('button', { name: /^Fill in Variable 1:/ })).toHaveTextContent('[Variable 1]');
    expect(screen.getByText(/a misty alpine lake with/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unlock this prompt' })).not.toBeInTheDocument();
  });

  it('shows "Unlock this prompt" when the template is withheld', async () => {
    const locked = fullFixture(2, { grade: 1, priceFruit: 30, hasAccess: 0 });
    locked.promptDetail = { ...locked.promptDetail, template: null };
    await renderApp('/detail/x-2', {
      getPrompt: vi.fn(async () => ({ found: true, prompt: locked }) as const),
    });
    expect(await screen.findByRole('heading', { name: 'Unlock this prompt' })).toBeInTheDocument();
    expect(screen.getAllByText('30 FruitCoins').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Log in to unlock' })).toBeInTheDocument();
  });

  it('says when the prompt does not exist', async () => {
    await renderApp('/detail/nope-404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prompt Not Found' })).toBeInTheDocument();
  });

  it('shows related prompts under the prompt, and lets a failed load be retried', async () => {
    let fail = true;
    const getRelated = vi.fn(async (id: number) => {
      if (fail) throw new Error('offline');
      return [cardFixture(7, { title: 'Alpine Sunrise' }), cardFixture(8, { title: 'Foggy Fjord' })].map(
        (card) => ({ ...card, id: card.id + id }),
      );
    });
    const { user } = await renderApp(
      '/detail/misty-alpine-lake-1',
      { getPrompt: vi.fn(async () => ({ found: true, prompt: fullFixture(1) }) as const) },
      { effects: { getRelated } },
    );
    const related = await screen.findByRole('region', { name: 'You may also like' });
    expect(await within(related).findByText('Related prompts could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(within(related).getByRole('button', { name: 'Try again' }));
    expect(await within(related).findByRole('link', { name: 'Alpine Sunrise' })).toBeInTheDocument();
    expect(within(related).getAllByRole('article')).toHaveLength(2);
    expect(getRelated).toHaveBeenLastCalledWith(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListQuery, PromptPage } from '../../domain/catalog.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { cardFixture } from '../support/fixtures.ts';
import { renderApp, withSession } from './support/render-app.tsx';

const member: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 35 },
};

/** 30 prompts, 24 a page: page 1 has 24 cards, page 2 the last 6. */
const paged = async (query: ListQuery): Promise<PromptPage> => {
  const page = query.page ?? 1;
  const first = (page - 1) * 24;
  const count = Math.max(0, Math.min(24, 30 - first));
  return {
    data: Array.from({ length: count }, (_, i) => cardFixture(first + i + 1)),
    total: 30,
    page,
    pageSize: 24,
  };
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const gridCards = () => within(screen.getByRole('list', { name: 'All prompts' })).getAllByRole('article');

describe('one way to page (issue 15)', () => {
  it('pages with Previous and Next in the address, and offers no "Show more"', async () => {
    const listPrompts = vi.fn(paged);
    const { user, router } = await renderApp('/?sort=newest', { listPrompts });
    const pagination = within(await screen.findByRole('navigation', { name: 'Pagination' }));
    expect(gridCards()).toHaveLength(24);
    expect(screen.queryByRole('button', { name: /Show more|Loading more/ })).not.toBeInTheDocument();
    await user.click(pagination.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.href).toBe('/?sort=newest&page=2'));
    await waitFor(() => expect(gridCards()).toHaveLength(6));
    expect(listPrompts).toHaveBeenLastCalledWith({ page: 2, pageSize: 24, sort: 'newest' });
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('going Back shows the page that entry had at once, then refreshes it quietly', async () => {
    const listPrompts = vi.fn(paged);
    const { user, router } = await renderApp('/?sort=newest', { listPrompts });
    await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(gridCards()).toHaveLength(6));
    const calls = listPrompts.mock.calls.length;
    router.history.back();
    await waitFor(() => expect(router.state.location.href).toBe('/?sort=newest'));
    // the 24 cards are there in the same render as the address: no skeleton to restore a scroll on
    expect(screen.queryByText('Loading prompts…')).not.toBeInTheDocument();
    expect(gridCards()).toHaveLength(24);
    await waitFor(() => expect(listPrompts.mock.calls.length).toBe(calls + 1));
    const refreshed = listPrompts.mock.lastCall![0];
    expect([refreshed.sort, refreshed.page ?? 1]).toEqual(['newest', 1]);
    expect(gridCards()).toHaveLength(24);
  });
});

describe('cards', () => {
  it('the heart on a card toggles for a member and "Owned" marks what they have', async () => {
    const page: PromptPage = {
      data: [
        cardFixture(1, { title: 'Misty Alpine Lake' }),
        cardFixture(2, { title: 'Citrus Still Life', grade: 2, priceCents: 499, hasAccess: 1 }),
      ],
      total: 2,
      page: 1,
      pageSize: 24,
    };
    const { user } = await renderApp(
      '/category/free-prompts',
      {},
      { effects: withSession(member, { listPrompts: async () => page }) },
    );
    const heart = await screen.findByRole('button', { name: 'Save Misty Alpine Lake' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Remove Misty Alpine Lake from saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const [free, premium] = screen.getAllByRole('article');
    expect(within(premium!).getByText('Owned')).toBeInTheDocument();
    expect(within(free!).queryByText('Owned')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saved' })).toBeInTheDocument();
  });

  it('a visitor pressing a heart is asked to log in', async () => {
    const { user } = await renderApp('/category/free-prompts', {}, { effects: fakeEffects() });
    await user.click(await screen.findByRole('button', { name: 'Save Misty Alpine Lake 1' }));
    expect(await screen.findByRole('dialog', { name: /Log in to/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Saved' })).not.toBeInTheDocument();
  });
});

describe('search', () => {
  it('asks for q, counts and highlights the matches', async () => {
    const listPrompts = vi.fn(async (): Promise<PromptPage> => ({
      data: [
        cardFixture(1, {
          title: 'Old Harbour Portrait',
          match: {
            title: 'Old Harbour \uE000Portrait\uE001',
            excerpt: 'A weathered \uE000portrait\uE001 <b>at dusk</b>.',
          },
        }),
      ],
      total: 24,
      page: 1,
      pageSize: 24,
    }));
    await renderApp('/search?q=portrait', { listPrompts });
    expect(await screen.findByText('24 results for “portrait”')).toBeInTheDocument();
    expect(listPrompts).toHaveBeenCalledWith({ q: 'portrait', page: 1, pageSize: 24 });
    const card = within(screen.getByRole('article'));
    expect(card.getByRole('link', { name: 'Old Harbour Portrait' })).toBeInTheDocument();
    expect(card.getByText('Portrait', { selector: 'mark' })).toBeInTheDocument();
    expect(card.getByText('portrait', { selector: 'mark' })).toBeInTheDocument();
    // the server's text is text, never markup
    expect(card.getByText(/<b>at dusk<\/b>/)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Relevance' })).toBeInTheDocument();
  });

  it('no results: the suggestions link to other searches', async () => {
    const listPrompts = vi.fn(async (): Promise<PromptPage> => ({
      data: [],
      total: 0,
      page: 1,
      pageSize: 24,
      suggestions: ['portrait', 'harbour'],
    }));
    await renderApp('/search?q=portrat', { listPrompts });
    expect(await screen.findByRole('heading', { name: 'No results for “portrat”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'portrait' })).toHaveAttribute('href', '/search?q=portrait');
  });

  it('tags are typed chips that can be removed', async () => {
    const listPrompts = vi.fn(paged);
    const { user, router } = await renderApp('/search?q=lake&tags=nature,fog', { listPrompts });
    await screen.findByRole('button', { name: 'Remove tag fog' });
    expect(listPrompts).toHaveBeenCalledWith({ q: 'lake', page: 1, pageSize: 24, tags: ['fog', 'nature'] });
    await user.click(screen.getByRole('button', { name: 'Remove tag fog' }));
    await waitFor(() =>
      expect(listPrompts).toHaveBeenLastCalledWith({ q: 'lake', page: 1, pageSize: 24, tags: ['nature'] }),
    );
    expect(router.state.location.href).toBe('/search?q=lake&tags=nature');
    await user.type(screen.getByRole('textbox', { name: 'Filter by tag' }), 'Winter{Enter}');
    await waitFor(() =>
      expect(listPrompts).toHaveBeenLastCalledWith({
        q: 'lake',
        page: 1,
        pageSize: 24,
        tags: ['nature', 'winter'],
      }),
    );
    expect(router.state.location.href).toBe('/search?q=lake&tags=nature&tags=winter');
    expect(screen.getByRole('button', { name: 'Remove tag winter' })).toBeInTheDocument();
  });
});

describe('home and recommended', () => {
  it('home shows its shelves with "See all" above the grid', async () => {
    await renderApp('/', {}, { effects: fakeEffects() });
    const shelf = await screen.findByRole('region', { name: 'Trending now' });
    expect(within(shelf).getAllByRole('article')).toHaveLength(4);
    expect(within(shelf).getByRole('link', { name: 'See all: Trending now' })).toHaveAttribute(
      'href',
      '/?sort=trending',
    );
  });

  it('recommended asks for the recommendations and says why these (issue 15)', async () => {
    const listPrompts = vi.fn(async (): Promise<PromptPage> => ({
      ...(await paged({})),
      mode: 'personal',
      because: ['portrait', 'anime', 'neon'],
    }));
    await renderApp('/recommended', { listPrompts });
    expect(
      await screen.findByText('Because you bought, saved or viewed prompts tagged portrait, anime and neon'),
    ).toBeInTheDocument();
    expect(listPrompts).toHaveBeenCalledWith({ source: 'recommended', page: 1, pageSize: 24 });
  });

  it("recommended tells a visitor they are each generator's best sellers", async () => {
    const listPrompts = vi.fn(async (): Promise<PromptPage> => ({ ...(await paged({})), mode: 'popular' }));
    await renderApp('/recommended', { listPrompts });
    expect(
      await screen.findByText(
        'Best sellers for each generator: Midjourney, DALL.E, ChatGPT and Kling in turn',
      ),
    ).toBeInTheDocument();
  });
});

describe('page metadata (requirements §2, §7)', () => {
  it.each([
    ['/', 'HOME', null],
    ['/category/fruit-prompts', 'CATEGORY', 'fruit_prompts'],
    ['/category/premium-prompts', 'CATEGORY', 'pay_prompts'],
    ['/recommended', 'CATEGORY', 'recommended'],
    ['/search?q=portrait', 'SEARCH', 'portrait'],
    ['/detail/misty-alpine-lake-12', 'DETAIL', '12'],
    ['/detail_404.html', 'DETAIL', '404'],
  ])('%s asks for %s metadata with reference %s', async (path, pageType, referenceId) => {
    const { system } = await renderApp(path, {}, { effects: fakeEffects() });
    await waitFor(() =>
      expect(system.system.get('seo')?.getSnapshot().context.request).toMatchObject({
        pageType,
        referenceId,
      }),
    );
  });
});

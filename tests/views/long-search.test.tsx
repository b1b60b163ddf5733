import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListQuery, PromptPage } from '../../domain/catalog.ts';
import { cutSearchQuery, SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import { renderApp } from './support/render-app.tsx';

// Issue 15: a search text longer than the limit, in an address or a link, is cut at a word boundary
// and searched; it is never an error with a retry that cannot succeed.

const longQuery = Array.from({ length: 75 }, (_, i) => `watercolor${i % 3 === 0 ? ' portrait' : ''}`)
  .join(' ')
  .slice(0, 600);

const onePage = async (_query: ListQuery): Promise<PromptPage> => ({
  data: [],
  total: 0,
  page: 1,
  pageSize: 24,
});

describe('a search longer than the limit', () => {
  it('searches the text cut at the last whole word and replaces the address with it', async () => {
    expect(longQuery.length).toBe(600);
    const cut = cutSearchQuery(longQuery);
    const listPrompts = vi.fn(onePage);
    const { router } = await renderApp(`/search?q=${encodeURIComponent(longQuery)}`, { listPrompts });

    expect(
      await screen.findByRole('heading', { level: 1, name: `Results for “${cut}”` }),
    ).toBeInTheDocument();
    expect(listPrompts).toHaveBeenCalledWith({ q: cut, page: 1, pageSize: 24 });
    expect(listPrompts.mock.calls.every(([query]) => (query.q ?? '').length <= SEARCH_QUERY_MAX_LENGTH)).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    const address = `/search?${new URLSearchParams({ q: cut }).toString()}`;
    await waitFor(() => expect(router.state.location.href).toBe(address));
    // the address was replaced, not pushed: Back does not return to the uncut text
    expect(router.history.length).toBe(1);
  });

  it('cuts an unbroken word at the limit', async () => {
    const listPrompts = vi.fn(onePage);
    await renderApp(`/search?q=${'z'.repeat(600)}`, { listPrompts });
    await waitFor(() =>
      expect(listPrompts).toHaveBeenCalledWith({
        q: 'z'.repeat(SEARCH_QUERY_MAX_LENGTH),
        page: 1,
        pageSize: 24,
      }),
    );
  });

  it('lets the header box take exactly the limit', async () => {
    await renderApp('/');
    const box = within(screen.getByRole('banner')).getByRole('searchbox', { name: 'Search prompts' });
    expect(box).toHaveAttribute('maxlength', String(SEARCH_QUERY_MAX_LENGTH));
  });
});

describe('a link to a long search', () => {
  it('searches the cut text and shows it in the address', async () => {
    const listPrompts = vi.fn(onePage);
    const { router } = await renderApp('/', { listPrompts });
    await router.navigate({ to: '/search', search: { q: longQuery } });
    const cut = cutSearchQuery(longQuery);
    await waitFor(() => expect(listPrompts).toHaveBeenCalledWith({ q: cut, page: 1, pageSize: 24 }));
    expect(router.state.location.href).toBe(`/search?${new URLSearchParams({ q: cut }).toString()}`);
  });
});

// Card images are responsive (issue 18): every card <img> offers the server's card widths in a srcset with
// a `sizes` for where it is shown (the grid, a shelf, a cart line), keeps its 480x360 box, and the first
// card of the grid is fetched with high priority. The expected values are written out here, not imported.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Restored } from '../../machines/auth/session.ts';
import type { PromptPage } from '../../domain/catalog.ts';
import { cartOf } from '../support/cart-fixtures.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { cardFixture } from '../support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

const WIDTHS = [240, 288, 360, 480, 576, 720];

/** The srcset of prompt `id`'s card image: ?w= for each width, the plain URL for 480. */
const srcSetOf = (id: number): string =>
  WIDTHS.map((w) =>
    w === 480 ? `/api/images/prompts/${id}/0.webp 480w` : `/api/images/prompts/${id}/0.webp?w=${w} ${w}w`,
  ).join(', ');

const page = (count: number): PromptPage => ({
  data: Array.from({ length: count }, (_, i) => cardFixture(i + 1)),
  total: count,
  page: 1,
  pageSize: 24,
});

const imagesIn = (container: HTMLElement): HTMLImageElement[] =>
  within(container)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('img') as HTMLImageElement);

describe('card images', () => {
  it('offer every card width with the sizes of the grid, in their 480x360 box', async () => {
    await renderApp('/', { listPrompts: vi.fn(async () => page(6)) });
    const grid = await screen.findByRole('list', { name: 'All prompts' });
    const images = imagesIn(grid);
    expect(images).toHaveLength(6);
    images.forEach((img, i) => {
      expect(img).toHaveAttribute('src', `/api/images/prompts/${i + 1}/0.webp`);
      expect(img).toHaveAttribute('srcset', srcSetOf(i + 1));
      expect(img.getAttribute('sizes')).toMatch(/^\(max-width: 339px\) .*, 280px$/);
      expect(img.getAttribute('sizes')).toContain('(max-width: 640px) calc(50vw - 24px)');
      expect(img).toHaveAttribute('width', '480');
      expect(img).toHaveAttribute('height', '360');
    });
  });

  it('fetch the first card of the grid with high priority where the grid starts the page', async () => {
    await renderApp('/?sort=newest', { listPrompts: vi.fn(async () => page(6)) });
    const images = imagesIn(await screen.findByRole('list', { name: 'All prompts' }));
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('take the sizes of a shelf on the home shelves', async () => {
    const shelf = Array.from({ length: 8 }, (_, i) => cardFixture(101 + i));
    const short = Array.from({ length: 3 }, (_, i) => cardFixture(201 + i));
    await renderApp(
      '/',
      { listPrompts: vi.fn(async () => page(2)) },
      {
        effects: {
          fetchHomeSections: async () => [
            { key: 'trending', title: 'Trending', data: shelf },
            { key: 'newest', title: 'Newest', data: short },
          ],
        },
      },
    );
    const full = imagesIn(await screen.findByRole('list', { name: 'Trending' }));
    expect(full).toHaveLength(8);
    for (const [i, img] of full.entries()) {
      expect(img).toHaveAttribute('srcset', srcSetOf(101 + i));
      expect(img).toHaveAttribute('sizes', '(max-width: 640px) calc(46vw - 26px), 238px');
    }
    // the top shelf is on screen at first paint, the grid below the shelves is not (issue 18: LCP)
    expect(full.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', ...Array(7).fill(null)]);
    expect(full.map((img) => img.getAttribute('loading'))).toEqual([
      ...Array(5).fill('eager'),
      ...Array(3).fill('lazy'),
    ]);
    const grid = imagesIn(screen.getByRole('list', { name: 'All prompts' }));
    expect(grid.map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(grid.some((img) => img.hasAttribute('fetchpriority'))).toBe(false);
    // a row of three does not overflow: its cards stretch, so they take the grid's sizes
    for (const img of imagesIn(screen.getByRole('list', { name: 'Newest' }))) {
      expect(img.getAttribute('sizes')).toMatch(/, 280px$/);
    }
  });

  it('take the sizes of a thumbnail on the cart page', async () => {
    const member: Restored = {
      status: 'valid',
      token: 'a.b.c',
      socialLogin: false,
      user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 100 },
    };
    await renderApp(
      '/cart',
      {},
      { effects: fakeEffects({ fetchCart: async () => cartOf([3, 5]) }), restored: member },
    );
    const items = await screen.findByRole('list', { name: 'Prompts in your cart' });
    const thumbs = within(items).getAllByRole('presentation') as HTMLImageElement[];
    expect(thumbs.map((img) => img.getAttribute('srcset'))).toEqual([srcSetOf(3), srcSetOf(5)]);
    for (const img of thumbs) expect(img).toHaveAttribute('sizes', '(max-width: 480px) 56px, 72px');
  });
});

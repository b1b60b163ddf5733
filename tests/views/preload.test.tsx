// A link the pointer rests on is preloaded (the router's `defaultPreload: 'intent'`): its route's loader runs
// with `preload: true`, which sends no entry event (src/routes/-lib/page-entry.ts). The click after it must
// still open the page: a preloaded match kept fresh for the router's default 30 s would skip the loader,
// and the page would stay "Loading…" for good (found by hovering "Buy FruitCoins" for 300 ms in Chromium).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Restored } from '../../machines/auth/session.ts';
import { cartOf } from '../support/cart-fixtures.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { PACKS } from '../models/buy-fruitcoins.ts';
import { renderApp } from './support/render-app.tsx';

const restored: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 120 },
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('a page whose link was preloaded', () => {
  it('loads when the link is followed: Buy FruitCoins shows its packs', async () => {
    const effects = fakeEffects({
      fetchCart: async () => cartOf([], { balance: 120 }),
      fetchFruitPacks: async () => ({ data: PACKS, balance: 120 }),
    });
    const { router, user } = await renderApp('/terms', {}, { effects, restored });
    const balance = await within(screen.getByRole('banner')).findByRole('link', {
      name: /^FruitCoin balance: /,
    });
    // the pointer rests on the link: the route is preloaded, and its loader has run as a preload
    await router.preloadRoute({ to: '/buy-fruitcoins' });
    await user.click(balance);
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('list', { name: 'FruitCoin packs' })).toBeInTheDocument();
    expect(main.queryByText('Loading the FruitCoin packs…')).not.toBeInTheDocument();
  });
});

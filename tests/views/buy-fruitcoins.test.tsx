// Buy FruitCoins as a person uses it (issue 15): the packs with their coins and prices, a pack bought on
// the payment page, the page the payment returns to ("550 FruitCoins added" and the new balance in the
// header too, or cancelled with a way to try again), and every "not enough FruitCoins" leading there.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TopUpRequest } from '../../domain/commerce.ts';
import { ApiError } from '../../src/platform/api.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { paymentPage as checkoutPaymentPage } from '../../src/commerce/checkout-logic.ts';
import { paymentPage } from '../../src/commerce/topup-logic.ts';
import { cartOf } from '../support/cart-fixtures.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { fullFixture } from '../support/fixtures.ts';
import { ledgerEntryFixture, ledgerPageFixture, offersFixture } from '../support/history-fixtures.ts';
import { PACKS, topupResult } from '../models/buy-fruitcoins.ts';
import { renderApp, renderMemberApp } from './support/render-app.tsx';

const BALANCE = 120;

/** The app at `path` with a member (balance BALANCE) restored at start, and these fake API calls. */
async function memberApp(path: string, more: Partial<AppEffects> = {}, fruitCnt = BALANCE) {
  const base = fakeEffects({
    fetchCart: async () => cartOf([], { balance: fruitCnt }),
    fetchFruitPacks: async () => ({ data: PACKS, balance: fruitCnt }),
    ...more,
  });
  return renderMemberApp(path, base, {
    memberId: 'u-1',
    name: 'Mina Member',
    avatar: '/default-avatar.svg',
    fruitCnt,
  });
}

const main = () => within(screen.getByRole('main'));
const header = () => within(screen.getByRole('banner'));

let left: string[];
beforeEach(() => {
  left = [];
  paymentPage.go = (url) => void left.push(url);
  checkoutPaymentPage.go = () => {};
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the Buy FruitCoins page', () => {
  it('lists the packs with their coins, bonus and price, and the balance', async () => {
    await memberApp('/buy-fruitcoins');
    expect(await main().findByRole('heading', { level: 1, name: 'Buy FruitCoins' })).toBeInTheDocument();
    // the tab title is set once the route has resolved and the title table has loaded (lazily)
    await waitFor(() => expect(document.title).toBe('Buy FruitCoins — FruitPrompt'));
    const packs = within(await main().findByRole('list', { name: 'FruitCoin packs' }));
    const items = packs.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const basket = within(packs.getByRole('article', { name: '550 FruitCoins' }));
    expect(basket.getByText('Basket')).toBeInTheDocument();
    expect(basket.getByText('Includes 50 bonus FruitCoins')).toBeInTheDocument();
    expect(basket.getByText('$4.99')).toBeInTheDocument();
    expect(basket.getByRole('button', { name: 'Buy 550 FruitCoins for $4.99' })).toBeInTheDocument();
    expect(main().getByText(/^Balance:/)).toHaveTextContent('Balance: 120 FruitCoins');
    expect(main().getByRole('link', { name: 'Fruit History' })).toHaveAttribute(
      'href',
      '/fruit-transactions',
    );
  });

  it('buying a pack sends its id (not a price) and goes to the payment page', async () => {
    const buyFruitPack = vi.fn(async (_: TopUpRequest) => topupResult('pending'));
    const { user } = await memberApp('/buy-fruitcoins', { buyFruitPack });
    await user.click(await main().findByRole('button', { name: 'Buy 550 FruitCoins for $4.99' }));
    expect(await main().findByText('Taking you to the payment page…')).toBeInTheDocument();
    expect(buyFruitPack).toHaveBeenCalledTimes(1);
    expect(buyFruitPack.mock.calls[0]![0]).toEqual({ packId: 'basket', requestId: expect.any(String) });
    expect(left).toEqual(['/dev-pay/cs_test_topup_12']);
    expect(main().getByRole('link', { name: 'Continue to the payment page' })).toHaveAttribute(
      'href',
      '/dev-pay/cs_test_topup_12',
    );
  });

  it('a purchase that got no answer is tried again with the same requestId', async () => {
    let fail = true;
    const buyFruitPack = vi.fn(async (_: TopUpRequest) => {
      if (fail) throw new ApiError("Can't reach FruitPrompt right now.", 0);
      return topupResult('pending');
    });
    const { user } = await memberApp('/buy-fruitcoins', { buyFruitPack });
    await user.click(await main().findByRole('button', { name: 'Buy 100 FruitCoins for $0.99' }));
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent("Can't reach FruitPrompt right now.");
    fail = false;
    await user.click(main().getByRole('button', { name: 'Try again' }));
    expect(await main().findByText('Taking you to the payment page…')).toBeInTheDocument();
    const [first, second] = buyFruitPack.mock.calls.map(([input]) => input);
    expect(second).toEqual(first);
    expect(first?.packId).toBe('handful');
  });

  it('back from a paid payment: "550 FruitCoins added" with the new balance, in the header too', async () => {
    const confirmTopUp = vi.fn(async () => topupResult('paid', 670));
    await memberApp('/buy-fruitcoins?payment=cs_test_topup_12', { confirmTopUp });
    const result = await main().findByRole('region', { name: '550 FruitCoins added' });
    expect(result).toHaveTextContent('Your balance is now 670 FruitCoins.');
    expect(confirmTopUp).toHaveBeenCalledWith({ sessionId: 'cs_test_topup_12' });
    expect(within(result).getByRole('link', { name: 'See Fruit History' })).toHaveAttribute(
      'href',
      '/fruit-transactions',
    );
    expect(within(result).getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    expect(header().getByRole('link', { name: /^FruitCoin balance: 670/ })).toBeInTheDocument();
  });

  it('back from a cancelled payment: says nothing was charged, and "Try again" buys the same pack', async () => {
    const buyFruitPack = vi.fn(async (_: TopUpRequest) => topupResult('pending'));
    const { user } = await memberApp('/buy-fruitcoins?payment=cs_test_topup_12', {
      confirmTopUp: async () => topupResult('cancelled'),
      buyFruitPack,
    });
    const result = await main().findByRole('region', { name: 'Payment cancelled' });
    expect(result).toHaveTextContent('Nothing was charged and no FruitCoins were added.');
    await user.click(within(result).getByRole('button', { name: 'Try again' }));
    expect(await main().findByText('Taking you to the payment page…')).toBeInTheDocument();
    expect(buyFruitPack).toHaveBeenCalledWith({ packId: 'basket', requestId: expect.any(String) });
    expect(left).toEqual(['/dev-pay/cs_test_topup_12']);
  });

  it('back from an unfinished payment: continue it, or check again', async () => {
    let status: 'pending' | 'paid' = 'pending';
    const { user } = await memberApp('/buy-fruitcoins?payment=cs_test_topup_12', {
      confirmTopUp: async () => topupResult(status),
    });
    const result = await main().findByRole('region', { name: 'Payment not finished' });
    expect(within(result).getByRole('link', { name: 'Continue to the payment page' })).toHaveAttribute(
      'href',
      '/dev-pay/cs_test_topup_12',
    );
    status = 'paid';
    await user.click(within(result).getByRole('button', { name: 'Check again' }));
    expect(await main().findByRole('region', { name: '550 FruitCoins added' })).toBeInTheDocument();
  });

  it('a visitor is asked to log in', async () => {
    await renderApp('/buy-fruitcoins');
    expect(await main().findByRole('heading', { name: 'Log in to buy FruitCoins' })).toBeInTheDocument();
  });
});

describe('every "not enough FruitCoins" leads to Buy FruitCoins', () => {
  it('the header balance is a link to it', async () => {
    await memberApp('/');
    expect(header().getByRole('link', { name: /^FruitCoin balance: 120/ })).toHaveAttribute(
      'href',
      '/buy-fruitcoins',
    );
  });

  it('the cart, when the balance is short of the FruitCoin part', async () => {
    await memberApp('/cart', { fetchCart: async () => cartOf([3, 7], { balance: 35 }) }, 35);
    const summary = within(await main().findByRole('complementary', { name: 'Order summary' }));
    expect(summary.getByText(/FruitCoins short/)).toHaveTextContent(
      'Your balance is 35 FruitCoins: 15 FruitCoins short of the FruitCoin part.',
    );
    expect(summary.getByRole('link', { name: 'Buy FruitCoins' })).toHaveAttribute('href', '/buy-fruitcoins');
  });

  it('the cart always offers it beside the balance', async () => {
    await memberApp('/cart', { fetchCart: async () => cartOf([3], { balance: 100 }) }, 100);
    const summary = within(await main().findByRole('complementary', { name: 'Order summary' }));
    expect(summary.getByRole('link', { name: 'Buy FruitCoins' })).toHaveAttribute('href', '/buy-fruitcoins');
  });

  it('the checkout, when the server refuses for want of FruitCoins', async () => {
    const { user } = await memberApp('/cart', {
      fetchCart: async () => cartOf([3], { balance: 100 }),
      checkout: async () => {
        throw new ApiError(
          'Not enough FruitCoins: this order costs 20 and your balance is 5. You need 15 more.',
          409,
        );
      },
    });
    await user.click(await main().findByRole('button', { name: 'Check out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Place order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order was not placed' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You need 15 more.');
    expect(within(dialog).getByRole('link', { name: 'Buy FruitCoins' })).toHaveAttribute(
      'href',
      '/buy-fruitcoins',
    );
  });

  it('"Buy now" on a prompt the balance does not cover', async () => {
    const locked = fullFixture(7, { title: 'Copper Forest Dawn', grade: 1, priceFruit: 30, hasAccess: 0 });
    locked.promptDetail = { ...locked.promptDetail, template: null };
    await memberApp(
      '/detail/copper-forest-dawn-7',
      { getPrompt: async () => ({ found: true, prompt: locked }) },
      10,
    );
    const buy = await screen.findByRole('button', { name: 'Buy now for 30 FruitCoins' });
    expect(buy).toHaveAccessibleDescription('Your balance is 10 FruitCoins: 20 FruitCoins short.');
    expect(screen.getByRole('link', { name: 'Buy FruitCoins' })).toHaveAttribute('href', '/buy-fruitcoins');
  });

  it('an exchange offer the balance does not cover, and the exchange refused', async () => {
    const { user } = await memberApp(
      '/exchange-coupons',
      {
        fetchExchangeOffers: async () => ({ data: offersFixture(), balance: 650 }),
        exchange: async () => {
          throw new ApiError(
            'Not enough FruitCoins: this coupon costs 300 and your balance is 120. You need 180 more.',
            409,
            { cost: 300, balance: 120 },
          );
        },
      },
      650,
    );
    const expensive = (await main().findByRole('article', { name: '$5 off' })) as HTMLElement;
    expect(within(expensive).getByText(/You need/)).toHaveTextContent('You need 1,350 FruitCoins more.');
    expect(within(expensive).getByRole('link', { name: 'Buy FruitCoins' })).toHaveAttribute(
      'href',
      '/buy-fruitcoins',
    );
    await user.click(main().getByRole('button', { name: 'Exchange for 20% off' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Spend 300 FruitCoins' }),
    );
    const refused = await screen.findByRole('dialog', { name: 'Not enough FruitCoins' });
    expect(within(refused).getByRole('link', { name: 'Buy FruitCoins' })).toHaveAttribute(
      'href',
      '/buy-fruitcoins',
    );
  });

  it('Fruit History links to it and shows bought FruitCoins with their own label', async () => {
    await memberApp('/fruit-transactions', {
      fetchLedger: async () =>
        ledgerPageFixture({
          data: [
            ledgerEntryFixture(9, {
              amount: 550,
              balanceAfter: 670,
              kind: 'topup',
              reason: 'Basket pack: 550 FruitCoins for $4.99',
            }),
          ],
          total: 1,
          balance: 670,
        }),
    });
    const row = (await main().findByText('Basket pack: 550 FruitCoins for $4.99')).closest('tr')!;
    expect(row).toHaveTextContent('FruitCoins bought');
    expect(row).toHaveTextContent('+550');
    expect(main().getByRole('link', { name: 'Buy FruitCoins' })).toHaveAttribute('href', '/buy-fruitcoins');
  });
});

// The member's history pages in detail: what each shows, its links and addresses, keyboard and
// focus in the dialogs, and what a new member sees. The state-by-state replays are in
// tests/views/history-orders.model.test.tsx and history-coins.model.test.tsx.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { OrderPage } from '../../domain/commerce.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { externalPage } from '../../src/commerce/history-logic.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import {
  couponFixture,
  ledgerPageFixture,
  offersFixture,
  orderDetailFixture,
  orderPageFixture,
  orderSummaryFixture,
} from '../support/history-fixtures.ts';
import { controllable } from './support/controllable.ts';
import { renderMemberApp } from './support/render-app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const BALANCE = 650;

/** The app at `path` with a member signed in (restored at start) and these fake API calls. */
async function memberApp(path: string, effects: Partial<AppEffects> = {}) {
  const base = fakeEffects({ fetchCart: async () => ({ ...emptyCart(), balance: BALANCE }), ...effects });
  return renderMemberApp(path, base, {
    memberId: 'u-1',
    name: 'Mina Member',
    avatar: '/default-avatar.svg',
    fruitCnt: BALANCE,
  });
}

const main = () => within(screen.getByRole('main'));
const header = () => within(screen.getByRole('banner'));

describe('Orders', () => {
  it('lists each order with its status, total and a link to its detail', async () => {
    await memberApp('/orders', {
      fetchOrders: async () => ({
        data: [
          orderSummaryFixture(7, {
            status: 'pending',
            itemCount: 3,
            totals: { fruit: 0, subtotalCents: 1497, discountCents: 299, totalCents: 1198 },
          }),
          orderSummaryFixture(6, {
            itemCount: 1,
            titles: ['Koi'],
            totals: { fruit: 40, subtotalCents: 0, discountCents: 0, totalCents: 0 },
          }),
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    });
    const pending = await main().findByRole('article', { name: 'Order #7' });
    expect(within(pending).getByRole('link', { name: 'Order #7' })).toHaveAttribute(
      'href',
      '/order-detail/7',
    );
    expect(pending).toHaveTextContent('Awaiting payment');
    expect(pending).toHaveTextContent('$11.98');
    expect(pending).toHaveTextContent('Neon Koi 7, Paper Moon 7 and 1 more');
    const fruit = main().getByRole('article', { name: 'Order #6' });
    expect(fruit).toHaveTextContent('Paid');
    expect(fruit).toHaveTextContent('40 FruitCoins');
    expect(fruit).toHaveTextContent('1 prompt');
    expect(main().getByText('2 orders')).toBeInTheDocument();
  });

  it('filters by status and pages with shareable addresses', async () => {
    const fetchOrders = vi.fn(async (q: { page?: number; status?: string } = {}): Promise<OrderPage> =>
      orderPageFixture(q.page === 2 ? 2 : 10, 12, q.page ?? 1),
    );
    const { user, router } = await memberApp('/orders?status=paid', { fetchOrders });
    const filters = within(await main().findByRole('navigation', { name: 'Order status' }));
    expect(filters.getByRole('link', { name: 'Paid' })).toHaveAttribute('aria-current', 'page');
    expect(filters.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders');
    expect(filters.getByRole('link', { name: 'Awaiting payment' })).toHaveAttribute(
      'href',
      '/orders?status=pending',
    );
    await main().findByText('Page 1 of 2');
    const next = main().getByRole('link', { name: /Next/ });
    expect(next).toHaveAttribute('href', '/orders?status=paid&page=2');
    await user.click(next);
    await main().findByText('Page 2 of 2');
    expect(router.state.location.href).toBe('/orders?status=paid&page=2');
    expect(fetchOrders).toHaveBeenLastCalledWith({ page: 2, status: 'paid', pageSize: 10 });
    expect(main().getAllByRole('article')).toHaveLength(2);
    expect(main().getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/orders?status=paid');
  });

  it('ignores malformed search params', async () => {
    const fetchOrders = vi.fn(async () => orderPageFixture(0));
    await memberApp('/orders?page=abc&status=lost', { fetchOrders });
    await main().findByRole('heading', { name: 'No orders yet' });
    expect(fetchOrders).toHaveBeenCalledWith({ page: 1, pageSize: 10 });
  });

  it("a member signing in after another never sees the other's orders", async () => {
    const second = controllable<[unknown], OrderPage>();
    let calls = 0;
    const app = await memberApp('/orders', {
      fetchOrders: (q) => (++calls === 1 ? Promise.resolve(orderPageFixture(2, 2)) : second.fn(q)),
    });
    await main().findByRole('article', { name: 'Order #1' });
    const session = systemActor(app.system, 'session');
    act(() => session.send({ type: 'session.logout' }));
    await main().findByRole('heading', { name: 'Log in to see your orders' });
    act(() =>
      session.send({
        type: 'session.signedIn',
        token: 'd.e.f',
        userData: { userId: 'u-2', providerUsername: 'Theo', fruitCnt: 5 },
        now: Date.now(),
      }),
    );
    expect(await main().findByText('Loading your orders…')).toBeInTheDocument();
    expect(main().queryByRole('article', { name: 'Order #1' })).toBeNull();
    await second.resolve(orderPageFixture(0));
    expect(main().getByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });
});

describe('Order details', () => {
  it('shows the items with links to the prompts, the coupon, payment and dates', async () => {
    await memberApp('/order-detail/42', { fetchOrder: async () => orderDetailFixture(42) });
    const order = await main().findByRole('article', { name: 'Order #42' });
    const card = within(order);
    expect(card.getByRole('link', { name: 'Neon Koi Pond' })).toHaveAttribute(
      'href',
      '/detail/neon-koi-pond-11',
    );
    expect(card.getByRole('link', { name: 'Paper Moon Festival' })).toHaveAttribute(
      'href',
      '/detail/paper-moon-festival-12',
    );
    expect(card.getByText('Payment method', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Card, on the secure payment page',
    );
    expect(
      card.getByText('Coupon', { selector: '.order-detail__facts dt' }).nextElementSibling,
    ).toHaveTextContent('20% off coupon SPRING20');
    expect(card.getByText('Placed').nextElementSibling?.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-05-02T09:30:00.000Z',
    );
    expect(card.getByText('Paid', { selector: 'dt' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(card.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  });

  it('an unknown (or someone else’s) order is "Order not found", with a way to the orders', async () => {
    await memberApp('/order-detail/999', {
      fetchOrder: async () => {
        throw new ApiError('Order not found', 404);
      },
    });
    expect(await main().findByRole('heading', { level: 2, name: 'Order not found' })).toBeInTheDocument();
    expect(main().getByText(/There is no order #999 on your account/)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  });

  it('asks before cancelling: Escape keeps the order and gives focus back', async () => {
    const cancelOrder = vi.fn(async () => orderDetailFixture(42, { status: 'cancelled' }));
    const { user } = await memberApp('/order-detail/42', {
      fetchOrder: async () => orderDetailFixture(42, { status: 'pending' }),
      cancelOrder,
    });
    const cancel = await main().findByRole('button', { name: 'Cancel order' });
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #42?' });
    expect(dialog).toHaveAccessibleDescription(
      'Nothing will be charged. Its prompts go back to your cart and its coupon can be used again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancel).toHaveFocus();
    expect(cancelOrder).not.toHaveBeenCalled();

    await user.click(cancel);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(main().getByText('Cancelled', { selector: '.status-badge' })).toBeInTheDocument();
    expect(main().queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(
      screen.getByText('Order #42 was cancelled. Its prompts are back in your cart.'),
    ).toBeInTheDocument();
  });

  it('"Pay now" opens the payment page the server gives; a failure says why and stays', async () => {
    const assign = vi.spyOn(externalPage, 'assign').mockImplementation(() => {});
    let fail = true;
    const { user } = await memberApp('/order-detail/42', {
      fetchOrder: async () => orderDetailFixture(42, { status: 'pending' }),
      payOrder: async () => {
        if (fail) throw new ApiError('This order is already paid.', 409);
        return { paymentUrl: '/dev-pay/cs_new', order: orderDetailFixture(42, { status: 'pending' }) };
      },
    });
    await user.click(await main().findByRole('button', { name: 'Pay now' }));
    expect(await main().findByRole('alert')).toHaveTextContent('This order is already paid.');
    expect(assign).not.toHaveBeenCalled();
    fail = false;
    await user.click(main().getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev-pay/cs_new'));
    expect(main().getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
  });
});

describe('Fruit History', () => {
  it('lists the ledger with kinds, signed amounts, running balance and order links', async () => {
    await memberApp('/fruit-transactions', { fetchLedger: async () => ledgerPageFixture({ total: 45 }) });
    const table = await main().findByRole('table', { name: /FruitCoin activity, newest first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const purchase = within(rows[0]!).getAllByRole('cell');
    expect(purchase[1]).toHaveTextContent('Purchase');
    expect(within(purchase[1]!).getByRole('link', { name: 'Order #7' })).toHaveAttribute(
      'href',
      '/order-detail/7',
    );
    expect(purchase[2]).toHaveTextContent('−30');
    expect(purchase[2]).toHaveClass('ledger__amount--out');
    expect(purchase[3]).toHaveTextContent('470');
    const bonus = within(rows[1]!).getAllByRole('cell');
    expect(bonus[1]).toHaveTextContent('BonusShare link bonus');
    expect(bonus[2]).toHaveTextContent('+400');
    expect(bonus[2]).toHaveClass('ledger__amount--in');
    // the header agrees with the ledger's balance
    expect(header().getByRole('link', { name: 'FruitCoin balance: 470' })).toBeInTheDocument();
    expect(main().getByText('470 FruitCoins', { selector: 'strong' })).toBeInTheDocument();
    expect(main().getByText('Page 1 of 3')).toBeInTheDocument();
    expect(main().getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/fruit-transactions?page=2');
    expect(main().getByRole('link', { name: /Exchange Fruit Coins/ })).toHaveAttribute(
      'href',
      '/exchange-coupons',
    );
  });

  it('asks for the page in the address', async () => {
    const fetchLedger = vi.fn(async () => ledgerPageFixture({ page: 3, total: 45 }));
    await memberApp('/fruit-transactions?page=3', { fetchLedger });
    await main().findByText('Page 3 of 3');
    expect(fetchLedger).toHaveBeenCalledWith({ page: 3, pageSize: 20 });
  });
});

describe('My Coupons', () => {
  it('shows valid coupons with their terms, code and validity', async () => {
    const fetchCoupons = vi.fn(async () => [
      couponFixture(1),
      couponFixture(2, { kind: 'amount', value: 500, minSpendCents: 1000, title: '$5 welcome coupon' }),
    ]);
    await memberApp('/coupons', { fetchCoupons });
    const first = await main().findByRole('article', { name: '20% off coupon' });
    expect(first).toHaveTextContent('20% off premium prompts');
    expect(first).toHaveTextContent('Code SAVE1');
    expect(first.querySelectorAll('time')[1]).toHaveAttribute('datetime', '2026-06-30T23:59:59.000Z');
    expect(main().getByRole('article', { name: '$5 welcome coupon' })).toHaveTextContent(
      '$5.00 off premium prompts over $10.00',
    );
    expect(fetchCoupons).toHaveBeenCalledWith({ status: 'valid' });
    const tabs = within(main().getByRole('navigation', { name: 'Coupon status' }));
    expect(tabs.getByRole('link', { name: 'Valid' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Used' })).toHaveAttribute('href', '/coupons?tab=used');
  });

  it('a used coupon links to the order it went to; tabs are addresses', async () => {
    const fetchCoupons = vi.fn(async ({ status }: { status?: string } = {}) =>
      status === 'used'
        ? [couponFixture(3, { status: 'used', usedAt: '2026-05-04T12:00:00.000Z', orderId: 7 })]
        : status === 'expired'
          ? [couponFixture(4, { status: 'expired' })]
          : [],
    );
    const { user, router } = await memberApp('/coupons?tab=used', { fetchCoupons });
    const used = await main().findByRole('article', { name: '20% off coupon' });
    expect(used).toHaveTextContent(/Used on .* for Order #7/);
    expect(within(used).getByRole('link', { name: 'Order #7' })).toHaveAttribute('href', '/order-detail/7');
    await user.click(main().getByRole('link', { name: 'Expired' }));
    expect(await main().findByText(/Expired on/)).toBeInTheDocument();
    expect(router.state.location.href).toBe('/coupons?tab=expired');
    await user.click(main().getByRole('link', { name: 'Valid' }));
    expect(await main().findByRole('heading', { name: 'No coupons yet' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/coupons');
  });
});

describe('Exchange Fruit Coins', () => {
  const offers = async () => ({ data: offersFixture(), balance: BALANCE });

  it('disables the offers the balance cannot cover, with the reason', async () => {
    await memberApp('/exchange-coupons', { fetchExchangeOffers: offers });
    const cheap = await main().findByRole('button', { name: 'Exchange for 20% off' });
    expect(cheap).toBeEnabled();
    const dear = main().getByRole('button', { name: 'Exchange for $5 off' });
    expect(dear).toBeDisabled();
    expect(dear).toHaveAccessibleDescription('You need 1,350 FruitCoins more.');
    const card = main().getByRole('article', { name: '$5 off' });
    expect(card).toHaveTextContent('$5.00 off premium prompts over $10.00');
    expect(card).toHaveTextContent('Valid for 60 days after the exchange');
  });

  it('asks to confirm, exchanges, updates the balance everywhere and shows the new coupon', async () => {
    const coupon = couponFixture(9, { exchangeOfferId: 1 });
    const exchange = vi.fn(async () => ({ coupon, balance: 350 }));
    const { user } = await memberApp('/exchange-coupons', { fetchExchangeOffers: offers, exchange });
    const choose = await main().findByRole('button', { name: 'Exchange for 20% off' });
    await user.click(choose);
    const dialog = screen.getByRole('dialog', { name: 'Spend 300 FruitCoins for a 20% off coupon?' });
    expect(dialog).toHaveAccessibleDescription(
      '20% off premium prompts, valid for 30 days. Your balance goes from 650 FruitCoins to 350 FruitCoins.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(choose).toHaveFocus();
    expect(exchange).not.toHaveBeenCalled();

    await user.click(choose);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Spend 300 FruitCoins' }),
    );
    const received = await main().findByRole('region', { name: 'Your new coupon' });
    expect(received).toHaveTextContent('Exchanged! Your new coupon:');
    expect(within(received).getByRole('link', { name: 'See My Coupons' })).toHaveAttribute(
      'href',
      '/coupons',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main().getByText('350 FruitCoins', { selector: 'strong' })).toBeInTheDocument();
    expect(header().getByRole('link', { name: 'FruitCoin balance: 350' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText(
        'You spent 300 FruitCoins on “20% off coupon”. It is in My Coupons.',
      ),
    ).toBeInTheDocument();
    expect(exchange).toHaveBeenCalledWith({ offerId: 1, requestId: expect.any(String) });
  });

  it('a refusal for want of FruitCoins says what is missing and how to go on', async () => {
    const { user } = await memberApp('/exchange-coupons', {
      fetchExchangeOffers: offers,
      exchange: async () => {
        throw new ApiError('Not enough FruitCoins.', 409, { balance: 120 });
      },
    });
    await user.click(await main().findByRole('button', { name: 'Exchange for 20% off' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Spend 300 FruitCoins' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Not enough FruitCoins' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough FruitCoins.');
    expect(dialog).toHaveAccessibleDescription(
      'Not enough FruitCoins. Choose an offer your balance of 120 FruitCoins covers, or earn more: you get FruitCoins when someone buys a prompt through a link you shared.',
    );
    expect(within(dialog).getByRole('link', { name: 'See Fruit History' })).toHaveAttribute(
      'href',
      '/fruit-transactions',
    );
    expect(within(dialog).getByRole('button', { name: 'Choose another offer' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Choose another offer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // the balance is now the server's: the offer is out of reach, and the header agrees
    expect(main().getByRole('button', { name: 'Exchange for 20% off' })).toBeDisabled();
    expect(header().getByRole('link', { name: 'FruitCoin balance: 120' })).toBeInTheDocument();
  });

  it('a network failure offers to try again with the same request', async () => {
    const exchange = vi
      .fn()
      .mockRejectedValueOnce(new ApiError("Can't reach FruitPrompt right now.", 0))
      .mockResolvedValue({ coupon: couponFixture(9), balance: 350 });
    const { user } = await memberApp('/exchange-coupons', { fetchExchangeOffers: offers, exchange });
    await user.click(await main().findByRole('button', { name: 'Exchange for 20% off' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Spend 300 FruitCoins' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    expect(await dialog.findByRole('alert')).toHaveTextContent("Can't reach FruitPrompt right now.");
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    await main().findByRole('region', { name: 'Your new coupon' });
    expect(exchange).toHaveBeenCalledTimes(2);
    expect(exchange.mock.calls[1]![0]).toEqual(exchange.mock.calls[0]![0]);
  });
});

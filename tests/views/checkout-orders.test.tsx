// The orders one "Place order" makes (one per currency, docs/decisions/004-commerce.md) are shown
// together: the checkout dialog and the payment result pages list every order of the checkout with
// its items and what it paid, and the orders list and an order's page say which orders came from one
// checkout. Nothing of a FruitCoin prompt vanishes because a premium one was bought with it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../domain/commerce.ts';
import { cartOf, checkoutResult, orderFixture, sameCheckout } from '../support/cart-fixtures.ts';
import { orderSummaryFixture } from '../support/history-fixtures.ts';
import { asMember, payments, resetAroundEachPath } from './support/buying-pages.ts';
import { renderApp } from './support/render-app.tsx';

resetAroundEachPath();

const main = () => within(screen.getByRole('main'));

/** A checkout of "Neon Koi Pond" (20 FruitCoins, order #41) and "Art Deco Lobby" ($4.99, order #42). */
function mixedCheckout(cardStatus: OrderDetail['status'] = 'paid'): {
  fruit: OrderDetail;
  card: OrderDetail;
} {
  const [fruit, card] = sameCheckout([orderFixture(41, 'paid', [3]), orderFixture(42, cardStatus, [5])]);
  return { fruit: fruit!, card: card! };
}

/** The order's part of a receipt: its heading, what it paid, its items. */
const orderPart = (name: string) => within(main().getByRole('article', { name }));

describe('the payment result pages', () => {
  it('the paid page lists every order of the checkout with its items and what each paid', async () => {
    const { card } = mixedCheckout('paid');
    await renderApp(
      '/paiddetail-42-cs_test_1.html',
      {},
      { effects: asMember({ confirmOrder: async () => card }) },
    );
    expect(await main().findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(main().getByRole('status')).toHaveTextContent(
      'Your checkout is paid: orders #41 and #42. Their prompts are unlocked on your account',
    );
    const checkout = main().getByRole('region', { name: 'Checkout #41 · 2 orders' });
    expect(
      within(checkout)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label') ?? a.id),
    ).toHaveLength(2);

    const fruit = orderPart('Order #41');
    expect(fruit.getByRole('link', { name: 'Order #41' })).toHaveAttribute('href', '/order-detail/41');
    expect(fruit.getByText('Paid with 20 FruitCoins')).toBeInTheDocument();
    expect(fruit.getByRole('link', { name: 'Neon Koi Pond' })).toHaveAttribute(
      'href',
      '/detail/neon-koi-pond-3',
    );

    const premium = orderPart('Order #42');
    expect(premium.getByText('Paid $4.99 by card')).toBeInTheDocument();
    expect(premium.getByRole('link', { name: 'Art Deco Lobby' })).toHaveAttribute(
      'href',
      '/detail/art-deco-lobby-5',
    );
    expect(main().getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
  });

  it('the pending page shows the FruitCoin order as paid beside the premium one still to pay', async () => {
    const { card } = mixedCheckout('pending');
    await renderApp('/pendingdetail-42.html', {}, { effects: asMember({ fetchOrder: async () => card }) });
    expect(await main().findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    const fruit = orderPart('Order #41');
    expect(fruit.getByText('Paid', { selector: '.status-badge' })).toBeInTheDocument();
    expect(fruit.getByText('Paid with 20 FruitCoins')).toBeInTheDocument();
    expect(fruit.getByRole('link', { name: 'Neon Koi Pond' })).toBeInTheDocument();
    const premium = orderPart('Order #42');
    expect(premium.getByText('Awaiting payment', { selector: '.status-badge' })).toBeInTheDocument();
    expect(premium.getByText('$4.99 to pay by card')).toBeInTheDocument();
    // what Pay now and Cancel order act on is the premium order only
    expect(main().getByText(/Order #42 has not been paid yet/)).toBeInTheDocument();
  });

  it('an order that is its checkout alone is shown as before, without a checkout heading', async () => {
    await renderApp(
      '/paiddetail-42-cs_test_1.html',
      {},
      { effects: asMember({ confirmOrder: async () => orderFixture(42, 'paid', [5, 9]) }) },
    );
    expect(await main().findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(main().getByRole('status')).toHaveTextContent('Order #42 is paid.');
    expect(main().queryByRole('region', { name: /^Checkout #/ })).not.toBeInTheDocument();
    expect(main().getByRole('list', { name: 'Items' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/order-detail/42');
  });
});

describe('the checkout dialog', () => {
  it('on the way to the payment page lists both orders: the FruitCoin one paid, the premium one to pay', async () => {
    let paid = false;
    const { user } = await renderApp(
      '/cart',
      {},
      {
        effects: asMember({
          fetchCart: async () => (paid ? cartOf([], { balance: 80 }) : cartOf([3, 5])),
          checkout: async () => {
            paid = true;
            return checkoutResult([3], [5], 80);
          },
        }),
      },
    );
    await user.click(await main().findByRole('button', { name: 'Check out' }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Off to the payment page' }));
    const orders = within(dialog.getByRole('list', { name: 'Orders of this checkout' }));
    const [fruit, premium] = orders.getAllByRole('listitem', { name: /^Order #/ });
    expect(fruit).toHaveAccessibleName('Order #41');
    expect(fruit).toHaveTextContent('Paid with 20 FruitCoins');
    expect(within(fruit!).getByRole('link', { name: 'Neon Koi Pond' })).toHaveAttribute(
      'href',
      '/detail/neon-koi-pond-3',
    );
    expect(premium).toHaveAccessibleName('Order #42');
    expect(premium).toHaveTextContent('$4.99 to pay by card');
    expect(premium).toHaveTextContent('Art Deco Lobby');
    expect(payments).toEqual(['/dev-pay/cs_test_1']);
  });

  it('when a coupon pays the premium part, "Order complete" lists both orders and links to both', async () => {
    const [fruitOrder, cardOrder] = sameCheckout([
      orderFixture(41, 'paid', [3]),
      orderFixture(42, 'paid', [5], {
        totals: { fruit: 0, subtotalCents: 499, discountCents: 499, totalCents: 0 },
        coupon: { id: 11, code: 'SAVE11', title: 'All off', kind: 'percent', value: 100 },
        payment: { method: 'card', sessionId: null, paymentUrl: null },
      }),
    ]);
    const { user } = await renderApp(
      '/cart',
      {},
      {
        effects: asMember({
          fetchCart: async () => cartOf([3, 5]),
          checkout: async () => ({
            fruitOrder: fruitOrder!,
            cardOrder: cardOrder!,
            paymentUrl: null,
            balance: 80,
          }),
        }),
      },
    );
    await user.click(await main().findByRole('button', { name: 'Check out' }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order complete' }));
    const orders = within(dialog.getByRole('list', { name: 'Orders of this checkout' }));
    expect(orders.getByRole('listitem', { name: 'Order #41' })).toHaveTextContent('Paid with 20 FruitCoins');
    const premium = orders.getByRole('listitem', { name: 'Order #42' });
    expect(premium).toHaveTextContent('Paid in full with coupon SAVE11');
    expect(within(premium).getByRole('link', { name: 'Art Deco Lobby' })).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/orders');
    expect(payments).toEqual([]);
  });
});

describe('the orders list and an order’s page', () => {
  it('group the orders of one checkout: "Checkout #41 · 2 orders"', async () => {
    await renderApp(
      '/orders',
      {},
      {
        effects: asMember({
          fetchOrders: async () => ({
            data: [
              orderSummaryFixture(43),
              orderSummaryFixture(42, { status: 'pending', checkout: { id: 41, orderIds: [41, 42] } }),
              orderSummaryFixture(41, {
                titles: ['Neon Koi Pond'],
                itemCount: 1,
                totals: { fruit: 20, subtotalCents: 0, discountCents: 0, totalCents: 0 },
                checkout: { id: 41, orderIds: [41, 42] },
              }),
            ],
            total: 3,
            page: 1,
            pageSize: 10,
          }),
        }),
      },
    );
    const group = within(await main().findByRole('group', { name: 'Checkout #41 · 2 orders' }));
    expect(group.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toHaveLength(2);
    expect(group.getByRole('link', { name: 'Order #41' })).toHaveAttribute('href', '/order-detail/41');
    expect(group.getByRole('link', { name: 'Order #42' })).toHaveAttribute('href', '/order-detail/42');
    expect(group.queryByRole('link', { name: 'Order #43' })).not.toBeInTheDocument();
    // a checkout of one order is a row as before
    expect(main().getAllByRole('group', { name: /^Checkout #/ })).toHaveLength(1);
    expect(main().getByRole('article', { name: 'Order #43' })).not.toHaveTextContent(/checkout/i);
  });

  it('an order whose partner is not on the page says "Same checkout as Order #41", with a link', async () => {
    await renderApp(
      '/orders?status=pending',
      {},
      {
        effects: asMember({
          fetchOrders: async () => ({
            data: [orderSummaryFixture(42, { status: 'pending', checkout: { id: 41, orderIds: [41, 42] } })],
            total: 1,
            page: 1,
            pageSize: 10,
          }),
        }),
      },
    );
    const row = within(await main().findByRole('article', { name: 'Order #42' }));
    expect(row.getByText(/Same checkout as/)).toHaveTextContent('Same checkout as Order #41');
    expect(row.getByRole('link', { name: 'Order #41' })).toHaveAttribute('href', '/order-detail/41');
  });

  it('an order’s page links to the other orders of its checkout and says what they paid', async () => {
    const { card } = mixedCheckout('pending');
    await renderApp('/order-detail/42', {}, { effects: asMember({ fetchOrder: async () => card }) });
    const order = within(await main().findByRole('article', { name: 'Order #42' }));
    const note = order.getByText(/Same checkout as/);
    expect(note).toHaveTextContent('Same checkout as Order #41 (Paid with 20 FruitCoins)');
    expect(within(note).getByRole('link', { name: 'Order #41' })).toHaveAttribute('href', '/order-detail/41');
    expect(order.getByText('Checkout', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Checkout #41 · 2 orders',
    );
  });
});

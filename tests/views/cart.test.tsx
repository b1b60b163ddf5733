// The buying side as a person uses it: cards and detail pages put prompts in the cart, the cart
// page shows and changes it, checks out (FruitCoins at once, premium on the payment page), and the
// payment pages show how it ended.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Cart, CheckoutRequest, OrderDetail } from '../../domain/commerce.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { ApiError } from '../../src/platform/api.ts';
import { cartOf, checkoutResult, couponFixture, orderFixture } from '../support/cart-fixtures.ts';
import { cardFixture, fullFixture } from '../support/fixtures.ts';
import { controllable } from './support/controllable.ts';
import { asMember, member, payments, resetAroundEachPath } from './support/buying-pages.ts';
import { renderApp } from './support/render-app.tsx';

resetAroundEachPath();

const main = () => within(screen.getByRole('main'));

describe('the cart page', () => {
  it('lists the prompts with their prices, the two totals apart and the balance', async () => {
    await renderApp('/cart', {}, { effects: asMember({ fetchCart: async () => cartOf([3, 5]) }) });
    const items = await main().findByRole('list', { name: 'Prompts in your cart' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('link', { name: 'Neon Koi Pond' })).toHaveAttribute(
      'href',
      '/detail/neon-koi-pond-3',
    );
    expect(lines[0]).toHaveTextContent('ChatGPT');
    expect(lines[0]).toHaveTextContent('20 FruitCoins');
    expect(lines[1]).toHaveTextContent('$4.99');
    const summary = within(main().getByRole('complementary', { name: 'Order summary' }));
    expect(summary.getByText('To pay with FruitCoins').nextSibling).toHaveTextContent('20 FruitCoins');
    expect(summary.getByText('To pay by card').nextSibling).toHaveTextContent('$4.99');
    expect(summary.getByText(/Your balance is/)).toHaveTextContent(
      'Your balance is 100 FruitCoins, enough for the FruitCoin part.',
    );
    expect(summary.getByRole('button', { name: 'Check out' })).not.toHaveAttribute('aria-disabled');
  });

  it('says when the balance does not cover the FruitCoin part', async () => {
    await renderApp(
      '/cart',
      {},
      { effects: asMember({ fetchCart: async () => cartOf([3, 7], { balance: 35 }) }) },
    );
    const checkOut = await main().findByRole('button', { name: 'Check out' });
    expect(checkOut).toHaveAttribute('aria-disabled', 'true');
    expect(checkOut).toHaveAccessibleDescription(/15 FruitCoins short of the FruitCoin part/);
  });

  it('an empty cart says so and links to the prompts', async () => {
    await renderApp('/cart', {}, { effects: asMember() });
    expect(await main().findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Browse prompts' })).toHaveAttribute('href', '/');
  });

  it('a cart that cannot be loaded offers to try again', async () => {
    let fail = true;
    const { user } = await renderApp(
      '/cart',
      {},
      {
        effects: asMember({
          fetchCart: async () => {
            if (fail) throw new ApiError("Can't reach FruitPrompt right now.", 0);
            return cartOf([5]);
          },
        }),
      },
    );
    expect(await main().findByRole('heading', { name: "We couldn't load your cart" })).toBeInTheDocument();
    expect(main().getByRole('alert')).toHaveTextContent("Can't reach FruitPrompt right now.");
    fail = false;
    await user.click(main().getByRole('button', { name: 'Try again' }));
    expect(await main().findByRole('link', { name: 'Art Deco Lobby' })).toBeInTheDocument();
  });

  it('removes a prompt, and the badge and the list follow', async () => {
    let current = cartOf([3, 5]);
    const removeFromCart = vi.fn(async ({ promptId }: { promptId: number }) => {
      current = cartOf(current.items.map((i) => i.promptId).filter((id) => id !== promptId));
      return current;
    });
    const { user } = await renderApp(
      '/cart',
      {},
      { effects: asMember({ fetchCart: async () => current, removeFromCart }) },
    );
    await user.click(await main().findByRole('button', { name: 'Remove Neon Koi Pond from cart' }));
    await waitFor(() =>
      expect(main().queryByRole('link', { name: 'Neon Koi Pond' })).not.toBeInTheDocument(),
    );
    expect(removeFromCart).toHaveBeenCalledWith({ promptId: 3 });
    // the focused button went with its line: focus is on the list's heading (moved by an effect after
    // the render that took the line away, which may run a turn of the event loop after it)
    await waitFor(() => expect(main().getByRole('heading', { name: '1 prompt' })).toHaveFocus());
  });

  it("applies one of the member's coupons to the money part, or says why not", async () => {
    const fetchCart = vi.fn(async ({ couponId }: { couponId?: number | null } = {}): Promise<Cart> =>
      couponId === 11
        ? cartOf([5], { coupon: couponFixture(11) })
        : couponId === 12
          ? cartOf([5], { couponError: 'This coupon needs a spend of $20.00 or more.' })
          : cartOf([5]),
    );
    const { user } = await renderApp(
      '/cart',
      {},
      {
        effects: asMember({
          fetchCart,
          fetchCoupons: async () => [couponFixture(11), couponFixture(12, { kind: 'amount', value: 500 })],
        }),
      },
    );
    const picker = await main().findByRole('combobox', { name: 'Coupon' });
    await screen.findByRole('option', { name: 'SAVE12: $5.00 off premium prompts' });
    await user.selectOptions(picker, 'SAVE11: 20% off premium prompts');
    expect(await main().findByText('SAVE11 applied: $0.99 off.')).toBeInTheDocument();
    const summary = within(main().getByRole('complementary', { name: 'Order summary' }));
    expect(summary.getByText('To pay by card').nextSibling).toHaveTextContent('$4.00');
    await user.selectOptions(picker, 'SAVE12: $5.00 off premium prompts');
    expect(await main().findByRole('alert')).toHaveTextContent(
      'This coupon needs a spend of $20.00 or more.',
    );
    await user.selectOptions(picker, 'No coupon');
    // the cart is asked for again without the coupon, and its answer is on the page: the call alone
    // is not enough, the alert goes only when the answer is shown
    await waitFor(() => expect(main().queryByText('Updating your cart…')).not.toBeInTheDocument());
    expect(fetchCart).toHaveBeenLastCalledWith({ couponId: null });
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks out: FruitCoins at once, then off to the payment page, with the stored referral', async () => {
    localStorage.setItem(
      'referral',
      JSON.stringify({ shortUrlId: 'Ab12Cd34', partner: false, at: Date.now() }),
    );
    let paid = false;
    const checkout = vi.fn(async (_request: CheckoutRequest) => {
      paid = true;
      return checkoutResult([3], [5], 80);
    });
    const { user } = await renderApp(
      '/cart',
      {},
      {
        effects: asMember({
          fetchCart: async () => (paid ? cartOf([], { balance: 80 }) : cartOf([3, 5])),
          checkout,
        }),
      },
    );
    await user.click(await main().findByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(dialog).toHaveTextContent('20 FruitCoins from your balance, now');
    expect(dialog).toHaveTextContent('$4.99 by card, on the payment page next');
    expect(within(dialog).getByRole('button', { name: 'Place order' })).toHaveFocus();
    expect(checkout).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('dialog', { name: 'Off to the payment page' })).toHaveTextContent(
      '20 FruitCoins spent: your FruitCoin prompts are unlocked already.',
    );
    expect(payments).toEqual(['/dev-pay/cs_test_1']);
    expect(checkout).toHaveBeenCalledWith({
      promptIds: [3, 5],
      couponId: null,
      requestId: expect.any(String),
      referral: 'Ab12Cd34',
    });
    const header = within(screen.getByRole('banner'));
    await waitFor(() =>
      expect(header.getByRole('link', { name: 'FruitCoin balance: 80' })).toBeInTheDocument(),
    );
  });

  it('a failed checkout can be tried again with the same request id', async () => {
    let attempt = 0;
    const checkout = vi.fn(async () => {
      attempt++;
      if (attempt === 1) throw new ApiError("Can't reach FruitPrompt right now.", 0);
      return checkoutResult([3], [], 80);
    });
    const { user } = await renderApp(
      '/cart',
      {},
      { effects: asMember({ fetchCart: async () => cartOf([3]), checkout }) },
    );
    await user.click(await main().findByRole('button', { name: 'Check out' }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    const failed = await screen.findByRole('dialog', { name: 'Your order was not placed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent("Can't reach FruitPrompt right now.");
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    const done = await screen.findByRole('dialog', { name: 'Order complete' });
    expect(within(done).getByRole('link', { name: 'Neon Koi Pond' })).toHaveAttribute(
      'href',
      '/detail/neon-koi-pond-3',
    );
    const [first, second] = checkout.mock.calls as unknown as [CheckoutRequest][];
    expect(second![0].requestId).toBe(first![0].requestId);
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('adding to the cart', () => {
  const buyable = [
    cardFixture(7, { title: 'Copper Forest Dawn', grade: 1, priceFruit: 30, hasAccess: 0 }),
    cardFixture(9, { title: 'Glass Orchard', grade: 2, priceCents: 900, hasAccess: 0 }),
    cardFixture(1, { title: 'Free Lake', grade: 0 }),
  ];
  const page = { data: buyable, total: 3, page: 1, pageSize: 24 };

  it('a visitor is asked to log in', async () => {
    const { user } = await renderApp('/', { listPrompts: vi.fn(async () => page) });
    const card = (await screen.findByRole('link', { name: 'Copper Forest Dawn' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Add to cart: Copper Forest Dawn' }));
    expect(await screen.findByRole('dialog', { name: /Log in to/ })).toBeInTheDocument();
    // free prompts have nothing to buy
    const free = screen.getByRole('link', { name: 'Free Lake' }).closest('article')!;
    expect(within(free).queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
  });

  it('on a visitor’s first visit nothing of the cart or sign-in is loaded until a card’s button is pressed', async () => {
    const { user, system } = await renderApp(
      '/',
      { listPrompts: vi.fn(async () => page) },
      { signIn: 'onDemand', member: 'onDemand' },
    );
    const card = (await screen.findByRole('link', { name: 'Glass Orchard' })).closest('article')!;
    // the card's buttons show without the cart or the saved prompts
    expect(within(card).getByRole('button', { name: 'Save Glass Orchard' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    for (const id of ['cart', 'favorites', 'inbox', 'loginDialog'] as const)
      expect(system.system.get(id), id).toBeUndefined();
    await user.click(within(card).getByRole('button', { name: 'Add to cart: Glass Orchard' }));
    // the cart loads, sees a visitor and asks to log in: the sign-in code loads and the dialog opens
    expect(await screen.findByRole('dialog', { name: /Log in to/ })).toBeInTheDocument();
    expect(system.system.get('cart')?.getSnapshot().value).toBe('signedOut');
  });

  it('a member adds from a card: "Added to cart", then "In cart"', async () => {
    const addToCart = vi.fn(async ({ promptId }: { promptId: number }) => cartOf([promptId]));
    const { user } = await renderApp(
      '/',
      { listPrompts: vi.fn(async () => page) },
      { effects: asMember({ listPrompts: async () => page, addToCart }) },
    );
    const card = (await screen.findByRole('link', { name: 'Glass Orchard' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Add to cart: Glass Orchard' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'In cart: Glass Orchard' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(addToCart).toHaveBeenCalledWith({ promptId: 9 });
  });

  it('a refused add shows the reason', async () => {
    const { user } = await renderApp(
      '/',
      {},
      {
        effects: asMember({
          listPrompts: async () => page,
          addToCart: async () => {
            throw new ApiError('You already own this prompt.', 409);
          },
        }),
      },
    );
    const card = (await screen.findByRole('link', { name: 'Glass Orchard' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Add to cart: Glass Orchard' }));
    expect(await screen.findByText('You already own this prompt.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to cart: Glass Orchard' })).toBeInTheDocument();
  });
});

describe('the locked detail page', () => {
  const locked = fullFixture(7, { title: 'Copper Forest Dawn', grade: 1, priceFruit: 30, hasAccess: 0 });
  locked.promptDetail = { ...locked.promptDetail, template: null };
  const unlocked = fullFixture(7, { title: 'Copper Forest Dawn', grade: 1, priceFruit: 30, hasAccess: 1 });

  it('a visitor keeps "Log in to unlock"', async () => {
    await renderApp('/detail/copper-forest-dawn-7', {
      getPrompt: vi.fn(async () => ({ found: true, prompt: locked }) as const),
    });
    expect(await screen.findByRole('button', { name: 'Log in to unlock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy now/ })).not.toBeInTheDocument();
  });

  it('a member buys it now with FruitCoins after confirming, and it unlocks', async () => {
    let owned = false;
    const checkout = vi.fn(async () => {
      owned = true;
      return checkoutResult([7], [], 70);
    });
    const { user } = await renderApp(
      '/detail/copper-forest-dawn-7',
      {},
      {
        effects: asMember({
          getPrompt: async () => ({ found: true, prompt: structuredClone(owned ? unlocked : locked) }),
          checkout,
        }),
      },
    );
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy now for 30 FruitCoins' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Spend 30 FruitCoins on “Copper Forest Dawn”?',
    });
    expect(dialog).toHaveTextContent('Your balance goes from 100 FruitCoins to 70 FruitCoins.');
    await user.click(within(dialog).getByRole('button', { name: 'Spend 30 FruitCoins' }));
    const done = await screen.findByRole('dialog', { name: 'Prompt unlocked' });
    expect(within(done).getByRole('status')).toHaveTextContent('The prompt is unlocked on your account.');
    expect(checkout).toHaveBeenCalledWith(expect.objectContaining({ promptIds: [7], couponId: null }));
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Copy prompt' })).toBeInTheDocument();
  });

  it('says when the balance is short of the price', async () => {
    const poor: Restored = { ...member, user: { ...member.user!, fruitCnt: 10 } } as Restored;
    const base = asMember({ getPrompt: async () => ({ found: true, prompt: locked }) });
    await renderApp(
      '/detail/copper-forest-dawn-7',
      {},
      {
        effects: {
          ...base,
          session: {
            ...base.session,
            actors: { ...base.session.actors, restoreSession: fromPromise(() => Promise.resolve(poor)) },
          },
        },
      },
    );
    const buy = await screen.findByRole('button', { name: 'Buy now for 30 FruitCoins' });
    expect(buy).toHaveAttribute('aria-disabled', 'true');
    expect(buy).toHaveAccessibleDescription('Your balance is 10 FruitCoins: 20 FruitCoins short.');
  });
});

describe('the payment pages', () => {
  it('the paid page confirms the payment and lists the unlocked prompts', async () => {
    const confirmOrder = vi.fn(async () => orderFixture(42, 'paid', [5, 9]));
    await renderApp('/paiddetail-42-cs_test_1.html', {}, { effects: asMember({ confirmOrder }) });
    expect(await main().findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(confirmOrder).toHaveBeenCalledWith({ orderId: '42', sessionId: 'cs_test_1' });
    const items = main().getByRole('list', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Glass Orchard' })).toHaveAttribute(
      'href',
      '/detail/glass-orchard-9',
    );
    expect(main().getByText('Paid by card').nextSibling).toHaveTextContent('$13.99');
  });

  it('the pending page pays again, or cancels after asking', async () => {
    const cancelOrder = vi.fn(async () => orderFixture(42, 'cancelled', [5]));
    const { user } = await renderApp(
      '/pendingdetail-42.html',
      {},
      {
        effects: asMember({
          fetchOrder: async () => orderFixture(42, 'pending', [5]),
          payOrder: async () => ({
            paymentUrl: '/dev-pay/cs_test_2',
            order: orderFixture(42, 'pending', [5]),
          }),
          cancelOrder,
        }),
      },
    );
    expect(await main().findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    expect(main().getByText(/Waiting for the payment/)).toHaveAttribute('role', 'status');
    await user.click(main().getByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    expect(within(confirm).getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancelOrder).not.toHaveBeenCalled();
    await user.click(main().getByRole('button', { name: 'Cancel order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel the order' }));
    expect(await main().findByRole('heading', { name: 'Order cancelled' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
  });

  it('Pay now goes to a new payment page', async () => {
    const { user } = await renderApp(
      '/pendingdetail-42.html',
      {},
      {
        effects: asMember({
          fetchOrder: async () => orderFixture(42, 'pending', [5]),
          payOrder: async () => ({
            paymentUrl: '/dev-pay/cs_test_2',
            order: orderFixture(42, 'pending', [5]),
          }),
        }),
      },
    );
    await user.click(await main().findByRole('button', { name: 'Pay now' }));
    expect(await main().findByRole('heading', { name: 'Off to the payment page' })).toBeInTheDocument();
    expect(payments).toEqual(['/dev-pay/cs_test_2']);
  });

  it('follows a pending order until it is paid', async () => {
    const fetchOrder = controllable<[{ orderId: string }], OrderDetail>();
    await renderApp(
      '/pendingdetail-42.html',
      {},
      { effects: asMember({ fetchOrder: fetchOrder.fn }), clock: 'timers' },
    );
    // the clock is faked before the first answer starts the poll's delay
    vi.useFakeTimers();
    await fetchOrder.resolve(orderFixture(42, 'pending', [5]));
    expect(main().getByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(fetchOrder.fn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(main().getByRole('status')).toHaveTextContent('Checking the payment…');
    await fetchOrder.resolve(orderFixture(42, 'paid', [5]));
    expect(main().getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetchOrder.fn).toHaveBeenCalledTimes(2);
  });

  it('a visitor is asked to log in', async () => {
    await renderApp('/pendingdetail-42.html');
    expect(await main().findByRole('button', { name: 'Log in to see this order' })).toBeInTheDocument();
  });
});

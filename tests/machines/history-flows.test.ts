// The member's history (Orders, an order's detail, Fruit History, My Coupons and Exchange Fruit
// Coins): their rules on the whole actor system, with
// src/commerce/history-logic.ts's effects over fake API calls.
// Mutation: orderList, orderDetail, fruitHistory, coupons, exchange, payOrCancel
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { EXCHANGE_MESSAGES } from '../../machines/commerce/exchange.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { externalPage } from '../../src/commerce/history-logic.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import { couponFixture, ledgerPageFixture, offersFixture } from '../support/history-fixtures.ts';
import { exchangedCoupon, pendingOrder } from '../support/history-models.ts';
import { flushPromises } from '../support/model.ts';
import { startTestSystem } from '../support/start-system.ts';

/** The whole actor system over fake API calls, with a member signed in (balance 650). */
async function memberSystem(overrides: Partial<AppEffects>) {
  const system = startTestSystem({ effects: fakeEffects(overrides) });
  const session = systemActor(system, 'session');
  await waitFor(session, (s) => !s.hasTag('pending'));
  session.send({
    type: 'session.signedIn',
    token: 'a.b.c',
    userData: { userId: 'u-1', providerUsername: 'Mina', fruitCnt: 650 },
    now: Date.now(),
  });
  await waitFor(session, (s) => s.context.user !== null);
  const balance = () => systemActor(system, 'session').getSnapshot().context.user?.fruitCnt;
  return { system, balance };
}

describe('history rules on the actor system', () => {
  it('pages the orders with the status asked for, and starts each load blank', async () => {
    const fetchOrders = vi.fn(async (q: { page?: number } = {}) => ({
      data: [],
      total: 0,
      page: q.page ?? 1,
      pageSize: 10,
    }));
    const { system } = await memberSystem({ fetchOrders });
    const list = systemActor(system, 'orderList');
    list.send({ type: 'orders.load', query: { page: 2, status: 'pending' } });
    await waitFor(list, (s) => s.hasTag('ready'));
    expect(fetchOrders).toHaveBeenLastCalledWith({ page: 2, status: 'pending', pageSize: 10 });
    list.send({ type: 'orders.load', query: { page: 1 } });
    expect(list.getSnapshot().context.page).toBeNull();
    system.stop();
  });

  it('reads a 404 as "not found" and another failure as an error', async () => {
    let answer: Error = new ApiError('Order not found', 404);
    const { system } = await memberSystem({
      fetchOrder: async () => {
        throw answer;
      },
    });
    const detail = systemActor(system, 'orderDetail');
    detail.send({ type: 'order.load', orderId: '99' });
    expect((await waitFor(detail, (s) => !s.hasTag('loading'))).value).toBe('notFound');
    answer = new ApiError("Can't reach FruitPrompt right now.", 0);
    detail.send({ type: 'order.load', orderId: '99' });
    const failed = await waitFor(detail, (s) => !s.hasTag('loading'));
    expect(failed.value).toBe('error');
    expect(failed.context.error).toBe("Can't reach FruitPrompt right now.");
    system.stop();
  });

  it('"Pay now" leaves for the payment page the server opened', async () => {
    const assign = vi.spyOn(externalPage, 'assign').mockImplementation(() => {});
    const { system } = await memberSystem({
      fetchOrder: async () => pendingOrder,
      payOrder: async () => ({ paymentUrl: '/dev-pay/cs_new', order: pendingOrder }),
    });
    const detail = systemActor(system, 'orderDetail');
    detail.send({ type: 'order.load', orderId: '42' });
    await waitFor(detail, (s) => s.hasTag('ready'));
    detail.send({ type: 'order.pay' });
    await waitFor(detail, (s) => s.matches({ ready: 'redirecting' }));
    expect(assign).toHaveBeenCalledWith('/dev-pay/cs_new');
    assign.mockRestore();
    system.stop();
  });

  it('cancelling asks first, then cancels, says so and refreshes the cart badge', async () => {
    const cancelOrder = vi.fn(async () => ({ ...pendingOrder, status: 'cancelled' as const }));
    const fetchCartCount = vi.fn(async () => 2);
    const fetchCart = vi.fn(async () => ({ ...emptyCart(), balance: 650 }));
    const { system } = await memberSystem({
      fetchOrder: async () => pendingOrder,
      cancelOrder,
      fetchCartCount,
      fetchCart,
    });
    const detail = systemActor(system, 'orderDetail');
    detail.send({ type: 'order.load', orderId: '42' });
    await waitFor(detail, (s) => s.hasTag('ready'));
    detail.send({ type: 'order.cancel' });
    expect(cancelOrder).not.toHaveBeenCalled();
    detail.send({ type: 'order.cancelKeep' });
    detail.send({ type: 'order.cancel' });
    const cartLoads = fetchCart.mock.calls.length;
    detail.send({ type: 'order.cancelConfirm' });
    await waitFor(detail, (s) => s.matches({ ready: 'viewing' }));
    // the cart is asked for again: the order's items are back in it
    await waitFor(systemActor(system, 'cart'), () => fetchCart.mock.calls.length > cartLoads);
    expect(cancelOrder).toHaveBeenCalledWith({ orderId: '42' });
    expect(detail.getSnapshot().context.order?.status).toBe('cancelled');
    expect(
      systemActor(system, 'toast')
        .getSnapshot()
        .context.toasts.map((t) => t.message),
    ).toContain('Order #42 was cancelled. Its prompts are back in your cart.');
    expect(systemActor(system, 'cartCount').getSnapshot().value).not.toBe('idle');
    // a cancelled order offers neither
    detail.send({ type: 'order.cancel' });
    detail.send({ type: 'order.pay' });
    expect(detail.getSnapshot().value).toEqual({ ready: 'viewing' });
    system.stop();
  });

  it('Fruit History tells the session the balance it received', async () => {
    const { system, balance } = await memberSystem({
      fetchLedger: async () => ledgerPageFixture({ balance: 470 }),
    });
    expect(balance()).toBe(650);
    const history = systemActor(system, 'fruitHistory');
    history.send({ type: 'fruit.load', page: 1 });
    await waitFor(history, (s) => s.hasTag('ready'));
    expect(balance()).toBe(470);
    system.stop();
  });

  it('loads the coupons of the tab asked for', async () => {
    const fetchCoupons = vi.fn(async () => [couponFixture(3, { status: 'used', orderId: 7 })]);
    const { system } = await memberSystem({ fetchCoupons });
    const coupons = systemActor(system, 'coupons');
    coupons.send({ type: 'coupons.load', tab: 'used' });
    await waitFor(coupons, (s) => s.hasTag('ready'));
    expect(fetchCoupons).toHaveBeenCalledWith({ status: 'used' });
    expect(coupons.getSnapshot().context.coupons[0]?.orderId).toBe(7);
    system.stop();
  });
});

describe('exchanging FruitCoins', () => {
  it('reuses the requestId on a retry after a network error, and makes a new one per attempt', async () => {
    const requests: string[] = [];
    let failNext = true;
    const { system, balance } = await memberSystem({
      fetchExchangeOffers: async () => ({ data: offersFixture(), balance: 650 }),
      exchange: async (input) => {
        requests.push(input.requestId);
        if (failNext) {
          failNext = false;
          throw new ApiError("Can't reach FruitPrompt right now.", 0);
        }
        return { coupon: exchangedCoupon, balance: 350 };
      },
    });
    const exchange = systemActor(system, 'exchange');
    exchange.send({ type: 'exchange.load' });
    await waitFor(exchange, (s) => s.hasTag('ready'));
    // an offer the balance does not cover cannot be chosen
    exchange.send({ type: 'exchange.choose', offerId: 2 });
    expect(exchange.getSnapshot().value).toEqual({ ready: 'browsing' });
    exchange.send({ type: 'exchange.choose', offerId: 1 });
    expect(requests).toEqual([]);
    exchange.send({ type: 'exchange.confirm' });
    await waitFor(exchange, (s) => s.matches({ ready: 'failed' }));
    exchange.send({ type: 'exchange.retry' });
    await waitFor(exchange, (s) => s.matches({ ready: 'exchanged' }));
    expect(requests).toHaveLength(2);
    expect(requests[1]).toBe(requests[0]);
    expect(exchange.getSnapshot().context.received).toEqual(exchangedCoupon);
    expect(balance()).toBe(350);
    expect(
      systemActor(system, 'toast')
        .getSnapshot()
        .context.toasts.map((t) => t.message),
    ).toContain(EXCHANGE_MESSAGES.exchanged(300, exchangedCoupon.title));

    exchange.send({ type: 'exchange.choose', offerId: 1 });
    exchange.send({ type: 'exchange.confirm' });
    await waitFor(exchange, (s) => s.matches({ ready: 'exchanged' }));
    expect(requests).toHaveLength(3);
    expect(requests[2]).not.toBe(requests[0]);
    system.stop();
  });

  it('a 409 is "not enough FruitCoins", with the balance asked for again', async () => {
    const { system, balance } = await memberSystem({
      fetchExchangeOffers: vi
        .fn()
        .mockResolvedValueOnce({ data: offersFixture(), balance: 650 })
        .mockResolvedValue({ data: offersFixture(), balance: 120 }),
      exchange: async () => {
        throw new ApiError('Not enough FruitCoins.', 409);
      },
    });
    const exchange = systemActor(system, 'exchange');
    exchange.send({ type: 'exchange.load' });
    await waitFor(exchange, (s) => s.hasTag('ready'));
    exchange.send({ type: 'exchange.choose', offerId: 1 });
    exchange.send({ type: 'exchange.confirm' });
    const refused = await waitFor(exchange, (s) => s.matches({ ready: 'notEnough' }));
    expect(refused.context.notEnough).toBe('Not enough FruitCoins.');
    expect(refused.context.balance).toBe(120);
    expect(balance()).toBe(120);
    exchange.send({ type: 'exchange.close' });
    expect(exchange.getSnapshot().value).toEqual({ ready: 'browsing' });
    system.stop();
  });

  it('a 409 that carries the balance is not asked for again', async () => {
    const fetchExchangeOffers = vi.fn(async () => ({ data: offersFixture(), balance: 650 }));
    const { system } = await memberSystem({
      fetchExchangeOffers,
      exchange: async () => {
        throw new ApiError('', 409, { balance: 40 });
      },
    });
    const exchange = systemActor(system, 'exchange');
    exchange.send({ type: 'exchange.load' });
    await waitFor(exchange, (s) => s.hasTag('ready'));
    exchange.send({ type: 'exchange.choose', offerId: 1 });
    exchange.send({ type: 'exchange.confirm' });
    const refused = await waitFor(exchange, (s) => s.matches({ ready: 'notEnough' }));
    expect(refused.context.balance).toBe(40);
    expect(refused.context.notEnough).toBe(EXCHANGE_MESSAGES.notEnough);
    expect(fetchExchangeOffers).toHaveBeenCalledTimes(1);
    await flushPromises();
    system.stop();
  });
});

// Page machines come and go with their pages (issue 16, docs/decisions/009-one-actor-system.md): a
// route ensures its machines before its page renders, and once a navigation has settled the machines
// no route on screen names are stopped. The app's, the sign-in and the member's machines stay.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Restored } from '../../machines/auth/session.ts';
import { lookup } from '../../machines/system/actors.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import { orderPageFixture } from '../support/history-fixtures.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const member: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 650 },
};

async function memberApp(path: string) {
  const fetchOrders = vi.fn(async () => orderPageFixture(2));
  const app = await renderApp(
    path,
    {},
    { effects: fakeEffects({ fetchCart: async () => emptyCart(), fetchOrders }), restored: member },
  );
  return { ...app, fetchOrders };
}

describe('page machines', () => {
  it('stop when their page is left, and the page starts a fresh one when it opens again', async () => {
    const { router, system } = await renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: /support/i });
    const first = lookup(system.system, 'support');
    expect(first).toBeDefined();

    await act(() => router.navigate({ to: '/' }));
    await screen.findByRole('heading', { level: 1 });
    expect(lookup(system.system, 'support')).toBeUndefined();
    // the app's own machines and the member's stay
    expect(lookup(system.system, 'promptList')).toBeDefined();
    expect(lookup(system.system, 'cart')).toBeDefined();

    await act(() => router.navigate({ to: '/support' }));
    await screen.findByRole('heading', { level: 1, name: /support/i });
    const second = lookup(system.system, 'support');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('stay while a page on screen still needs them: the orders and an order share their module', async () => {
    const { router, system, fetchOrders } = await memberApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'My Orders' });
    await vi.waitFor(() => expect(fetchOrders).toHaveBeenCalledTimes(1));
    const orders = lookup(system.system, 'orderList');

    await act(() => router.navigate({ to: '/order-detail/$orderId', params: { orderId: '7' } }));
    expect(lookup(system.system, 'orderList')).toBe(orders);
    expect(lookup(system.system, 'orderDetail')).toBeDefined();

    await act(() => router.navigate({ to: '/' }));
    expect(lookup(system.system, 'orderList')).toBeUndefined();
    expect(lookup(system.system, 'orderDetail')).toBeUndefined();
  });
});

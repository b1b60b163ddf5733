import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, SimulatedClock } from 'xstate';
import type { Restored } from '../../machines/auth/session.ts';
import { browserEffects, systemActor } from '../../src/app/app-system.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { controllable, settle } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';

const header = () => within(screen.getByRole('banner'));

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * The app on /terms with a member signed in. The machines' delays run on a simulated clock that
 * only the test moves (toasts stay, the account menu stays open), or with `fakeClock` on Vitest's
 * fake timers.
 */
async function signedInApp({ fakeClock = false } = {}) {
  const cart = controllable<[string], number | null>();
  const clock = new SimulatedClock();
  const app = await renderApp(
    '/terms',
    {},
    { effects: fakeEffects({ fetchCartCount: cart.fn }), clock: fakeClock ? 'timers' : clock },
  );
  // The clock is faked once the app is on screen, before the sign-in starts the cart's delays.
  if (fakeClock) vi.useFakeTimers();
  act(() =>
    systemActor(app.system, 'session').send({
      type: 'session.signedIn',
      token: 'a.b.c',
      userData: {
        userId: 'u-1',
        providerUsername: 'Alexandria Quinn',
        avatarUrl: '/broken.png',
        fruitCnt: 420,
      },
      now: Date.now(),
    }),
  );
  return { ...app, cart, clock };
}

describe('signed-in header (requirements §2)', () => {
  it('shows the name cut to 10 characters, the avatar with its fallback and the balance', async () => {
    await signedInApp();
    expect(header().queryByRole('button', { name: 'Log in' })).toBeNull();
    const trigger = header().getByRole('button', { name: 'Account menu for Alexandria Quinn' });
    expect(within(trigger).getByText('Alexandria...')).toBeInTheDocument();
    const avatar = trigger.querySelector('img')!;
    expect(avatar).toHaveAttribute('src', '/broken.png');
    fireEvent.error(avatar);
    expect(avatar.getAttribute('src')).toBe('/default-avatar.svg');
    // the balance leads to Buy FruitCoins (issue 15), which shows it again beside Fruit History
    expect(header().getByRole('link', { name: 'FruitCoin balance: 420' })).toHaveAttribute(
      'href',
      '/buy-fruitcoins',
    );
    expect(screen.getByRole('banner').querySelector('.header-account')).toHaveAttribute(
      'data-state',
      expect.stringMatching(/^loggedIn\./),
    );
  });

  it('keeps a short name whole', async () => {
    const app = await renderApp('/terms', {}, { effects: fakeEffects() });
    act(() =>
      systemActor(app.system, 'session').send({
        type: 'session.signedIn',
        token: 'a.b.c',
        userData: { userId: 'u-3', providerUsername: 'Ana', fruitCnt: 'n/a' },
        now: Date.now(),
      }),
    );
    expect(
      within(header().getByRole('button', { name: 'Account menu for Ana' })).getByText('Ana'),
    ).toBeVisible();
    expect(header().getByRole('link', { name: 'FruitCoin balance: 0' })).toBeInTheDocument();
  });

  it('badges the cart: none at 0, "..." while loading and above 99, else the count', async () => {
    const { cart, system } = await signedInApp({ fakeClock: true });
    const cartLink = () => header().getByRole('link', { name: /^Cart/ });
    const badge = () => cartLink().querySelector('.header-badge');
    expect(cartLink()).toHaveAttribute('href', '/cart');
    expect(cartLink()).toHaveAccessibleName('Cart');
    expect(badge()).toBeNull();

    // requirements §4: 500 ms after the login, then the 300 ms debounce.
    act(() => vi.advanceTimersByTime(800));
    expect(cart.fn).toHaveBeenCalledWith('u-1');
    expect(badge()).toHaveTextContent('...');
    expect(cartLink()).toHaveAccessibleName('Cart, updating the count');
    await cart.resolve(0);
    expect(badge()).toBeNull();
    expect(cartLink()).toHaveAccessibleName('Cart');

    act(() => systemActor(system, 'cartCount').send({ type: 'cart.refresh', reason: 'cartUpdate' }));
    act(() => vi.advanceTimersByTime(300));
    expect(badge()).toHaveTextContent('...');
    await cart.resolve(120);
    expect(badge()).toHaveTextContent('...');
    expect(cartLink()).toHaveAccessibleName('Cart, more than 99 items');

    act(() => systemActor(system, 'cartCount').send({ type: 'cart.refresh', reason: 'cartUpdate' }));
    act(() => vi.advanceTimersByTime(300));
    await cart.resolve(7);
    expect(badge()).toHaveTextContent('7');
    expect(cartLink()).toHaveAccessibleName('Cart, 7 items');
  });

  it('opens the account menu with its items and logs out', async () => {
    const { user } = await signedInApp();
    const trigger = header().getByRole('button', { name: 'Account menu for Alexandria Quinn' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Account' });
    const items = within(menu).getAllByRole('menuitem');
    // the account area's own links in this order, Log out last; a page may add its link among them
    // (`staticData.page.menu`: My Prompts after Orders, tested with its page)
    const own = ['/profile', '/messages', '/orders', '/fruit-transactions', '/settings'];
    const links = items.filter((item) => own.includes(item.getAttribute('href') ?? ''));
    expect(links.map((item) => item.textContent)).toEqual([
      'Profile',
      'Messages',
      'Orders',
      'Fruit History',
      'Settings',
    ]);
    expect(links.map((item) => item.getAttribute('href'))).toEqual(own);
    expect(items.at(-1)?.textContent).toBe('Log out');
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(await header().findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(header().queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(await screen.findByText('You have been successfully logged out')).toBeInTheDocument();
  });

  it('works like the category menu: keyboard, Escape, outside click, hover with a 500 ms close', async () => {
    const { user, clock } = await signedInApp();
    const trigger = header().getByRole('button', { name: 'Account menu for Alexandria Quinn' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Account' })).toBeNull();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu', { name: 'Account' })).toBeNull();

    await user.hover(trigger);
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    await user.unhover(trigger);
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    // the close delay on the machines' clock: open until 500 ms have passed, closed then
    act(() => clock.increment(499));
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    act(() => clock.increment(1));
    expect(screen.queryByRole('menu', { name: 'Account' })).toBeNull();
  });
});

/** A JWT-shaped token (header.payload.signature) the browser session effects accept. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('two tabs (requirements §4 cross-tab sync)', () => {
  it('adopts a sign-in made in another tab from the storage event', async () => {
    // The real browser session effects (storage, listener); only the cart count is faked.
    await renderApp(
      '/terms',
      {},
      {
        effects: { session: browserEffects().session, fetchCartCount: async () => 0 },
      },
    );
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument();

    const token = jwt({ sub: 'u-7', exp: Math.floor(Date.now() / 1000) + 3600 });
    localStorage.setItem('token', token);
    localStorage.setItem('last_login_time', String(Date.now()));
    localStorage.setItem(
      'user',
      JSON.stringify({
        memberId: 'u-7',
        name: 'Second Tab User',
        avatar: '/default-avatar.svg',
        fruitCnt: 12,
      }),
    );
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'token', newValue: token, storageArea: localStorage }),
      );
    });
    await settle();
    expect(header().getByRole('button', { name: 'Account menu for Second Tab User' })).toBeInTheDocument();
    expect(header().getByText('Second Tab...')).toBeInTheDocument();
    expect(header().getByRole('link', { name: 'FruitCoin balance: 12' })).toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('logs out when another tab removes the token', async () => {
    const token = jwt({ sub: 'u-8', exp: Math.floor(Date.now() / 1000) + 3600 });
    localStorage.setItem('token', token);
    localStorage.setItem(
      'user',
      JSON.stringify({ memberId: 'u-8', name: 'Restored', avatar: '/default-avatar.svg', fruitCnt: 1 }),
    );
    const session = browserEffects().session;
    await renderApp(
      '/terms',
      {},
      {
        effects: {
          session: {
            ...session,
            actors: { ...session.actors, serverLogout: fakeEffects().session.actors.serverLogout },
          },
          fetchCartCount: async () => 0,
        },
      },
    );
    expect(header().getByRole('button', { name: 'Account menu for Restored' })).toBeInTheDocument();
    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'token', newValue: null, storageArea: localStorage }),
      );
    });
    expect(await header().findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    // Automatic: no "logged out" toast.
    expect(screen.queryByText('You have been successfully logged out')).toBeNull();
  });
});

describe('while the session is restored', () => {
  it('reserves the space of the Log in button, then shows it', async () => {
    let finish: (value: Restored) => void = () => {};
    const base = fakeEffects();
    await renderApp(
      '/terms',
      {},
      {
        settleSession: false,
        effects: {
          ...base,
          session: {
            ...base.session,
            actors: {
              ...base.session.actors,
              restoreSession: fromPromise(() => new Promise<Restored>((resolve) => (finish = resolve))),
            },
          },
        },
      },
    );
    const account = screen.getByRole('banner').querySelector('.header-account')!;
    expect(account).toHaveAttribute('data-state', 'restoring');
    expect(within(account as HTMLElement).getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(header().queryByRole('button', { name: 'Log in' })).toBeNull();
    await act(async () => finish({ status: 'none' }));
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { bindAuthNavigation, isPrivatePath, saveAuthRedirect } from '../../src/auth/auth-redirect.ts';
import { startAppSystem, systemActor } from '../../src/app/app-system.ts';
import { fakeEffects } from '../support/fake-effects.ts';

afterEach(() => sessionStorage.clear());

describe('auth navigation (requirements §6)', () => {
  it('knows the private routes', () => {
    for (const p of [
      '/cart',
      '/orders',
      '/order-detail/12',
      '/paiddetail-12-abc.html',
      '/pendingdetail-3.html',
      '/messages',
      '/profile',
      '/settings',
      '/fruit-transactions',
      '/coupons',
      '/exchange-coupons',
      '/buy-fruitcoins',
    ])
      expect(isPrivatePath(p), p).toBe(true);
    for (const p of ['/', '/support', '/search', '/detail/x-1', '/terms', '/category/free-prompts'])
      expect(isPrivatePath(p), p).toBe(false);
  });

  it('returns to the saved address after a login and leaves a private page after a logout', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    const visits: string[] = [];
    let pathname = '/orders';
    const unbind = bindAuthNavigation(system, {
      navigate: (href) => {
        visits.push(href);
        pathname = href.split('?')[0]!;
      },
      pathname: () => pathname,
      href: () => pathname,
    });
    saveAuthRedirect('/orders?page=2');
    session.send({ type: 'session.signedIn', token: 'a.b.c', userData: { userId: 'u-1' }, now: Date.now() });
    expect(visits).toEqual(['/orders?page=2']);
    expect(sessionStorage.getItem('auth_redirect_url')).toBeNull();
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    expect(visits).toEqual(['/orders?page=2', '/']);
    unbind();
    system.stop();
  });

  /** A member on `href` (at `pathname`) whose session the server ends; where the app then went. */
  async function endedOn(pathname: string, href: string) {
    const system = startAppSystem({ effects: fakeEffects() });
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    const visits: string[] = [];
    const unbind = bindAuthNavigation(system, {
      navigate: (to) => visits.push(to),
      pathname: () => pathname,
      href: () => href,
    });
    session.send({ type: 'session.signedIn', token: 'a.b.c', userData: { userId: 'u-1' }, now: Date.now() });
    session.send({ type: 'session.revoked', token: 'a.b.c' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    return { session, visits, unbind, system };
  }

  it('a session the server ended on a private page stays there, its address kept for after the login', async () => {
    const { session, visits, unbind, system } = await endedOn('/orders', '/orders?page=2');
    expect(visits).toEqual([]);
    expect(sessionStorage.getItem('auth_redirect_url')).toBe('/orders?page=2');
    // logging in again returns there
    session.send({ type: 'session.signedIn', token: 'd.e.f', userData: { userId: 'u-1' }, now: Date.now() });
    expect(visits).toEqual(['/orders?page=2']);
    unbind();
    system.stop();
  });

  it('a session the server ended on a public page keeps no address', async () => {
    const { visits, unbind, system } = await endedOn('/detail/x-1', '/detail/x-1');
    expect(visits).toEqual([]);
    expect(sessionStorage.getItem('auth_redirect_url')).toBeNull();
    unbind();
    system.stop();
  });

  it('never saves another origin', () => {
    saveAuthRedirect('//evil.example/x');
    saveAuthRedirect('https://evil.example/x');
    expect(sessionStorage.getItem('auth_redirect_url')).toBeNull();
  });
});

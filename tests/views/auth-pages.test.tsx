import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInResult } from '../../domain/session-user.ts';
import type { VerifyAnswer } from '../../machines/auth/email-verification.ts';
import type { ResendAnswer } from '../../machines/auth/resend-email.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { orderFixture } from '../support/cart-fixtures.ts';
import { fakeEffects, profileFixture } from '../support/fake-effects.ts';
import { controllable } from './support/controllable.ts';
import { renderApp, withSession } from './support/render-app.tsx';

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const loginDialog = () => screen.queryByRole('dialog', { name: /^(Log in to|Sign up for) FruitPrompt$/ });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const member = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 35 },
} as const;

describe('private pages (requirements §6)', () => {
  it('a visitor on /orders sees the sign-in view, the login dialog opens and the address is kept', async () => {
    await renderApp('/orders?page=2', {}, { effects: withSession({ status: 'none' }) });
    expect(await h1('My Orders')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { name: 'Log in to see your orders' })).toBeInTheDocument();
    expect(main.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('auth_redirect_url')).toBe('/orders?page=2');
    expect(loginDialog()).toHaveAttribute('data-state', 'open.providers');
  });

  it('waits for the session to be restored: a skeleton, then the visitor view', async () => {
    let finish: (value: Restored) => void = () => {};
    const restoring = new Promise<Restored>((resolve) => (finish = resolve));
    await renderApp('/cart', {}, { effects: withSession(restoring), settleSession: false });
    expect(await h1('Cart')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(main.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(loginDialog()).toBeNull();
    expect(sessionStorage.getItem('auth_redirect_url')).toBeNull();
    await act(async () => finish({ status: 'none' }));
    expect(main.getByRole('heading', { name: 'Log in to see your cart' })).toBeInTheDocument();
    expect(sessionStorage.getItem('auth_redirect_url')).toBe('/cart');
    expect(loginDialog()).not.toBeNull();
  });

  it.each([
    ['/cart', 'Cart', 'Your cart is empty'],
    ['/orders', 'My Orders', 'No orders yet'],
    ['/messages', 'Messages', 'No messages yet'],
    ['/coupons', 'My Coupons', 'No coupons yet'],
    ['/fruit-transactions', 'Fruit History', 'No FruitCoin activity yet'],
    ['/exchange-coupons', 'Exchange Fruit Coins', 'No exchange offers right now'],
    ['/settings', 'Account Settings', 'Password'],
    // the default fakes know no order 42: the page says so, with a way back
    ['/order-detail/42', 'Order Details', 'Order not found'],
  ])('a member on %s sees "%s" and its empty state', async (path, title, empty) => {
    await renderApp(path, {}, { effects: withSession(member) });
    expect(await h1(title)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: empty })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(loginDialog()).toBeNull();
    expect(sessionStorage.getItem('auth_redirect_url')).toBeNull();
  });

  it('a member sees their own profile', async () => {
    const profile = profileFixture({ name: 'Mina Member', fruitCnt: 35 });
    await renderApp('/profile', {}, { effects: withSession(member, { fetchProfile: async () => profile }) });
    expect(await h1('My Profile')).toBeInTheDocument();
    const region = within(screen.getByRole('region', { name: 'Your profile' }));
    expect(await region.findByRole('heading', { name: 'Mina Member' })).toBeInTheDocument();
    expect(region.getByText('35 FruitCoins')).toBeInTheDocument();
  });

  it('the payment pages follow the session too', async () => {
    await renderApp(
      '/pendingdetail-42.html',
      {},
      { effects: withSession(member, { fetchOrder: async () => orderFixture(42, 'pending', [5]) }) },
    );
    expect(await h1('Payment pending')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(main.queryByRole('button', { name: /Log in/ })).toBeNull();
  });
});

describe('email verification page', () => {
  it('checks the link, then invites to log in with the verified address', async () => {
    const verify = controllable<[{ token: string }], VerifyAnswer>();
    const { user } = await renderApp(
      '/verifyemail-token-1234.html',
      {},
      {
        effects: fakeEffects({ verifyEmail: verify.fn }),
      },
    );
    expect(await h1('Verifying your email')).toBeInTheDocument();
    expect(verify.fn).toHaveBeenCalledWith({ token: 'token-1234' });
    const card = screen.getByRole('main').querySelector('[data-state]');
    expect(card).toHaveAttribute('data-state', 'verifying');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Checking your link…');

    await verify.resolve({ status: 'verified', email: 'fresh@example.com' });
    expect(await h1('Your email is verified')).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Log in to FruitPrompt' }));
    expect(dialog.getByLabelText('Email')).toHaveValue('fresh@example.com');
    expect(dialog.getByLabelText('Password')).toHaveFocus();
  });

  it('offers a new link when the old one failed', async () => {
    const resend = controllable<[{ email: string }], ResendAnswer>();
    const { user } = await renderApp(
      '/verifyemail-expired-token.html',
      {},
      {
        effects: fakeEffects({
          verifyEmail: async () => ({
            status: 'expired',
            email: 'old@example.com',
            msg: 'This link has expired.',
          }),
          resendVerification: resend.fn,
        }),
      },
    );
    expect(await h1('This link did not work')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('This link has expired.')).toBeInTheDocument();
    const email = main.getByLabelText('Email');
    expect(email).toHaveValue('old@example.com');
    await user.clear(email);
    await user.click(main.getByRole('button', { name: 'Send a new link' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    await user.type(email, 'old@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.click(main.getByRole('button', { name: 'Send a new link' }));
    expect(resend.fn).toHaveBeenCalledWith({ email: 'old@example.com' });
    expect(main.getByRole('button', { name: 'Send a new link' })).toBeDisabled();
    await resend.resolve({ success: true, msg: '' });
    expect(main.getByRole('status')).toHaveTextContent('Verification email sent successfully!');
    expect(screen.getByRole('main').querySelector('[data-state]')).toHaveAttribute(
      'data-state',
      'failed.sent',
    );
  });
});

describe('auth callback pages', () => {
  it('/auth/callback exchanges the code and hands the sign-in to the opener', async () => {
    const exchange = controllable<[{ code: string; state: string }], SignInResult>();
    const postMessage = vi.fn();
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    vi.stubGlobal('opener', { closed: false, postMessage });
    try {
      await renderApp(
        '/auth/callback?code=abc&state=xyz',
        {},
        {
          effects: fakeEffects({ exchangeCode: exchange.fn }),
        },
      );
      expect(await h1('Completing sign-in…')).toBeInTheDocument();
      expect(exchange.fn).toHaveBeenCalledWith({ code: 'abc', state: 'xyz' });
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Completing sign-in…');
      await exchange.resolve({ ok: true, token: 'h.p.s', userData: { userId: 'u-1' } });
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
        'Authorization successful, redirecting...',
      );
      expect(postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'social-login-success', token: 'h.p.s' }),
        window.location.origin,
      );
      expect(close).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      close.mockRestore();
    }
  });

  it.each([
    [
      '/social-callback?error=access_denied',
      'Sign-in was cancelled. You can close this window and try again.',
    ],
    ['/social-callback', 'This sign-in link is incomplete. Please start again from FruitPrompt.'],
  ])('%s explains what went wrong and leads home', async (path, message) => {
    await renderApp(path, {}, { effects: fakeEffects() });
    expect(await h1('Sign-in did not finish')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('alert')).toHaveTextContent(message);
    expect(main.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows the server message when the exchange fails', async () => {
    await renderApp(
      '/auth/callback?code=abc&state=bad',
      {},
      {
        effects: fakeEffects({ exchangeCode: async () => ({ ok: false, msg: 'State mismatch' }) }),
      },
    );
    expect(await h1('Sign-in did not finish')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('State mismatch');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UNKNOWN_PATHS_IN_THE_APP } from '../support/unknown-paths.ts';
import { renderApp } from './support/render-app.tsx';

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('not found', () => {
  it.each(UNKNOWN_PATHS_IN_THE_APP)('%s shows "Page Not Found" with a way home', async (path) => {
    await renderApp(path);
    expect(await h1('Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // issue 15: its own tab title, and not for search engines
    await waitFor(() => expect(document.title).toBe('Page Not Found — FruitPrompt'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

describe('routes of requirements §2', () => {
  it.each([
    ['/recommended', 'Recommended'],
    ['/s/abc123', 'Share link not found'],
    ['/ps/partner-7', 'Share link not found'],
    ['/social-callback', 'Sign-in did not finish'],
    ['/cart', 'Cart'],
    ['/search', 'Search prompts'],
    ['/category', 'All Categories'],
    ['/category/free-prompts', 'Free Prompts'],
    ['/category/fruit-prompts', 'FruitCoin Prompts'],
    ['/category/premium-prompts', 'Premium Prompts'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/paiddetail-42-cs_test_a1b2c3.html', 'Payment details'],
    ['/pendingdetail-42.html', 'Payment pending'],
    ['/orders', 'My Orders'],
    ['/order-detail/42', 'Order Details'],
    ['/messages', 'Messages'],
    ['/support', 'Customer Support'],
    ['/profile', 'My Profile'],
    ['/settings', 'Account Settings'],
    ['/fruit-transactions', 'Fruit History'],
    ['/coupons', 'My Coupons'],
    ['/exchange-coupons', 'Exchange Fruit Coins'],
    ['/buy-fruitcoins', 'Buy FruitCoins'],
  ])('%s has the h1 "%s"', async (path, title) => {
    await renderApp(path);
    expect(await h1(title)).toBeInTheDocument();
  });

  // issue 15: eleven pages shared one tab title; member pages are not for search engines
  it.each([
    ['/cart', 'Cart — FruitPrompt', 'noindex'],
    ['/orders', 'My Orders — FruitPrompt', 'noindex'],
    ['/order-detail/42', 'Order #42 — FruitPrompt', 'noindex'],
    ['/paiddetail-42-cs_test_a1b2c3.html', 'Order #42 — FruitPrompt', 'noindex'],
    ['/messages', 'Messages — FruitPrompt', 'noindex'],
    ['/settings', 'Account Settings — FruitPrompt', 'noindex'],
    ['/buy-fruitcoins', 'Buy FruitCoins — FruitPrompt', 'noindex'],
    ['/terms', 'Terms of Service — FruitPrompt', null],
    ['/support', 'Customer Support — FruitPrompt', null],
  ])('%s is titled "%s" (robots %s)', async (path, title, robots) => {
    document.title = 'FruitPrompt';
    await renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    const meta = document.head.querySelector('meta[name="robots"]');
    if (robots) expect(meta).toHaveAttribute('content', robots);
    else expect(meta).toBeNull();
  });

  it('splits /paiddetail-{orderId}-{sessionId}.html into its two ids', async () => {
    const { router } = await renderApp('/paiddetail-1234-cs_test_9-x.html');
    await h1('Payment details');
    const match = router.state.matches.at(-1);
    expect(match?.params).toMatchObject({ orderId: '1234', sessionId: 'cs_test_9-x' });
    expect(screen.getByText('#1234')).toBeInTheDocument();
  });

  it('keeps a UUID order id whole in /paiddetail', async () => {
    const id = '0b6f3c1e-1d2a-4c3b-9a8e-2f1e0d9c8b7a';
    const { router } = await renderApp(`/paiddetail-${id}-sess_01.html`);
    await h1('Payment details');
    expect(router.state.matches.at(-1)?.params).toMatchObject({ orderId: id, sessionId: 'sess_01' });
  });

  it('the cart asks a visitor to log in', async () => {
    const { user, system } = await renderApp('/cart');
    expect(await screen.findByRole('heading', { name: 'Log in to see your cart' })).toBeInTheDocument();
    // Opening a private page logged out opens the dialog at once (tests/views/auth-pages.test.tsx).
    const dialog = screen.getByRole('dialog', { name: 'Log in to FruitPrompt' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const send = vi.spyOn(system, 'send');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
    expect(send).toHaveBeenCalledWith({ type: 'loginDialog.open' });
    expect(screen.getByRole('dialog', { name: 'Log in to FruitPrompt' })).toBeInTheDocument();
    sessionStorage.clear();
  });

  it('the privacy policy lists every browser storage key', async () => {
    await renderApp('/privacy');
    await h1('Privacy Policy');
    for (const key of [
      'remember_email',
      'last_login_time',
      'last_logout_time',
      'auth_state',
      'last_login',
      'auth_redirect_url',
      'refresh_token',
      'user_session',
    ]) {
      expect(screen.getAllByText(key).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText('token')).toHaveLength(3);
    expect(screen.getAllByText('user')).toHaveLength(1);
  });

  it('the legacy detail address loads the prompt by its number', async () => {
    const { effects } = await renderApp('/detail_17.html');
    await waitFor(() => expect(effects.getPrompt).toHaveBeenCalledWith('17'));
  });
});

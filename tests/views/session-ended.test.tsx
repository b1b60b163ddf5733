import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEffects } from '../../src/app/app-system.ts';
import { renderApp } from './support/render-app.tsx';

// Issue 15: a session the server has ended (signed out everywhere, a password changed on another
// device) ends here too, with one toast, the first time a call with its token is refused; and a
// restored session reads the account again, so a balance changed elsewhere shows. The real browser
// effects and API client run here against a stubbed `fetch`: only the server is pretended.

const ENDED = 'Your session has ended. Please log in again.';

/** A JWT-shaped token (header.payload.signature) the browser session effects accept. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

const TOKEN = jwt({ sub: 'u-7', exp: Math.floor(Date.now() / 1000) + 3600 });
const STORED_USER = { memberId: 'u-7', name: 'Mina', avatar: '/default-avatar.svg', fruitCnt: 120 };

/** A member signed in on this device earlier: token and user in local storage, as a reload finds them. */
function storeMember() {
  localStorage.setItem('token', TOKEN);
  localStorage.setItem('user', JSON.stringify(STORED_USER));
  localStorage.setItem('auth_state', 'logged_in');
  localStorage.setItem('last_login_time', String(Date.now() - 3_600_000));
}

const envelope = (status: number, body: { success: boolean; msg?: string; extend?: unknown }) =>
  new Response(JSON.stringify({ msg: '', extend: {}, ...body }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const tokenRefused = () => envelope(401, { success: false, msg: 'Invalid or expired token' });

/** The server: `routes` by path (`GET /api/my/orders`), anything else 404. Records what was asked. */
function server(routes: Record<string, (request: Request) => Response>) {
  const asked: { route: string; authorization: string | null }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const route = `${request.method} ${new URL(request.url).pathname}`;
    asked.push({ route, authorization: request.headers.get('Authorization') });
    const answer = routes[route];
    return answer ? answer(request) : envelope(404, { success: false, msg: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { asked };
}

const account = (fruitCnt: number) => () =>
  envelope(200, {
    success: true,
    extend: { data: { userId: 'u-7', name: 'Mina', avatarUrl: null, fruitCnt } },
  });

/** The app as a reload finds it, with the browser's session effects and API client. */
const reload = (path: string) =>
  renderApp(path, {}, { effects: { session: browserEffects().session, fetchCartCount: async () => 0 } });

const header = () => within(screen.getByRole('banner'));
const toastTexts = () =>
  Array.from(document.querySelectorAll('.toast__message')).map((p) => p.textContent ?? '');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('a session the server has ended (issue 15)', () => {
  it('a member on /orders whose orders call answers 401 sees the sign-in view and one toast, never the token error', async () => {
    storeMember();
    const { asked } = server({
      'GET /api/social/accounts': account(120),
      'GET /api/my/orders': tokenRefused,
      'POST /api/social/logout': tokenRefused,
    });
    await reload('/orders');

    expect(await screen.findByRole('heading', { name: 'Log in to see your orders' })).toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toEqual([ENDED]));
    expect(screen.queryByText(/Invalid or expired token/)).toBeNull();
    expect(screen.queryByText(/You have been successfully logged out/)).toBeNull();
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(header().queryByRole('link', { name: /FruitCoin balance/ })).toBeNull();
    // the orders were asked for with the member's token; the server was not asked to log it out again
    expect(asked).toContainEqual({ route: 'GET /api/my/orders', authorization: `Bearer ${TOKEN}` });
    expect(asked.map((a) => a.route)).not.toContain('POST /api/social/logout');
    // cleared as a logout clears, with the time of it
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('auth_state')).toBeNull();
    expect(Number(localStorage.getItem('last_logout_time'))).toBeGreaterThan(0);
  });

  it('on a reload, reads the account once more, so a balance changed on another device shows', async () => {
    storeMember();
    const { asked } = server({ 'GET /api/social/accounts': account(75) });
    await reload('/terms');

    expect(await header().findByRole('link', { name: 'FruitCoin balance: 75' })).toBeInTheDocument();
    expect(asked.filter((a) => a.route === 'GET /api/social/accounts')).toEqual([
      { route: 'GET /api/social/accounts', authorization: `Bearer ${TOKEN}` },
    ]);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ fruitCnt: 75 });
  });

  it('on a reload, an account read answering 401 ends the session with the toast', async () => {
    storeMember();
    server({ 'GET /api/social/accounts': tokenRefused });
    await reload('/terms');

    expect(await header().findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toEqual([ENDED]));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a wrong password at login answers 401 without ending anything: the sign-in calls carry no token', async () => {
    storeMember();
    const { asked } = server({
      'GET /api/social/accounts': account(120),
      'POST /api/social/login': () => envelope(401, { success: false, msg: 'Invalid email or password' }),
    });
    const { effects } = await reloadWithSignIn('/terms');
    await header().findByRole('link', { name: 'FruitCoin balance: 120' });

    const answer = await effects.emailLogin({ email: 'mina@example.com', password: 'Wrong@12345' });
    expect(answer).toEqual({ ok: false, msg: 'Invalid email or password' });
    expect(asked.find((a) => a.route === 'POST /api/social/login')?.authorization).toBeNull();
    expect(header().getByRole('link', { name: 'FruitCoin balance: 120' })).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });
});

/** As `reload`, with the real sign-in calls within reach of the test. */
async function reloadWithSignIn(path: string) {
  const effects = browserEffects();
  await renderApp(path, {}, { effects: { session: effects.session, fetchCartCount: async () => 0 } });
  return { effects };
}

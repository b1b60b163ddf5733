// The account area (docs/decisions/005-account.md): settings, password, signing out everywhere, deleting the
// account. Every /api/my/ call is the token's own user's: another member's ids answer 404 and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSettings, Profile, SupportRequest } from '../../domain/account.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { bearer, call, enc, get, post, proven, type SignIn } from './support/auth.ts';
import { appBeside } from './support/suite.ts';
import { auth, closeAccount, count, demo, giveMessage, login, member } from './support/account.ts';
import { memberWithPassword, openAccount, server } from './support/account.ts';

beforeAll(openAccount);
afterAll(closeAccount);

describe('settings', () => {
  const settingsOf = (user: { token: string }) =>
    get<{ data: AccountSettings }>(server, '/api/my/settings', auth(user));
  const savePrefs = (user: { token: string }, prefs: unknown) =>
    post<{ data: AccountSettings }>(server, '/api/my/settings/notifications', prefs, auth(user));

  it('answers the defaults, whether there is a password, and the provider', async () => {
    expect((await settingsOf(demo)).body.extend.data).toEqual({
      notifications: { orderUpdates: true, supportReplies: true, promotions: false },
      hasPassword: true,
      provider: 'email',
    });
    const guest = await post<SignIn>(server, '/api/social/guest', await proven(server.app, {}));
    expect((await settingsOf({ token: guest.body.extend.token })).body.extend.data).toMatchObject({
      hasPassword: false,
      provider: 'guest',
    });
  });

  it('changes only the preferences given', async () => {
    const user = await member();
    const saved = await savePrefs(user, { promotions: true });
    expect(saved.status).toBe(200);
    expect(saved.body.extend.data.notifications).toEqual({
      orderUpdates: true,
      supportReplies: true,
      promotions: true,
    });
    await savePrefs(user, { orderUpdates: false, supportReplies: false });
    expect((await settingsOf(user)).body.extend.data.notifications).toEqual({
      orderUpdates: false,
      supportReplies: false,
      promotions: true,
    });
    expect((await savePrefs(user, {})).status).toBe(200);
    for (const bad of [{ promotions: 'maybe' }, { orderUpdates: 3 }, { supportReplies: {} }]) {
      const answer = await savePrefs(user, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    expect((await settingsOf(user)).body.extend.data.notifications.promotions).toBe(true);
    // Demo's preferences are untouched.
    expect((await settingsOf(demo)).body.extend.data.notifications.promotions).toBe(false);
  });
});

describe('password change', () => {
  const change = (user: { token: string }, current: string, next: string, extra = {}) =>
    post<{ token: string }>(
      server,
      '/api/my/settings/password',
      {
        currentPassword: current === '' ? '' : enc(current, server.config.passwordKey),
        newPassword: next === '' ? '' : enc(next, server.config.passwordKey),
        encrypted: true,
        ...extra,
      },
      auth(user),
    );

  it('refuses a wrong current password (403) and a new one that breaks the rule (400)', async () => {
    const user = await memberWithPassword('Start@12345');
    const wrong = await change(user, 'Wrong@12345', 'Better@12345');
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe('Current password is incorrect');
    const weak = await change(user, 'Start@12345', 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe(MESSAGES.passwordRule);
    const same = await change(user, 'Start@12345', 'Start@12345');
    expect(same.status).toBe(400);
    expect(same.body.msg).toMatch(/different/);
    expect((await change(user, '', 'Better@12345')).status).toBe(400);
    expect((await change(user, 'Start@12345', '')).status).toBe(400);
    const garbled = await post(
      server,
      '/api/my/settings/password',
      { currentPassword: 'not base64!', newPassword: 'also not', encrypted: true },
      auth(user),
    );
    expect(garbled.status).toBe(400);
    const plain = await change(user, 'Start@12345', 'Better@12345', { encrypted: false });
    expect(plain.status).toBe(400);
    expect((await post(server, '/api/my/settings/password', {}, auth(user))).status).toBe(400);
    // Nothing changed: the old password still works and the token too.
    expect((await login(user.email, 'Start@12345')).status).toBe(200);
    expect((await get(server, '/api/my/settings', auth(user))).status).toBe(200);
  });

  it('changes it: the old token is refused, the new one works, login takes the new password', async () => {
    const user = await memberWithPassword('Start@12345');
    const other = await login(user.email, 'Start@12345');
    const { status, body } = await change(user, 'Start@12345', 'Better@12345');
    expect(status).toBe(200);
    const token = body.extend.token;
    expect(token).toEqual(expect.any(String));
    expect((await get(server, '/api/my/settings', auth(user))).status).toBe(401);
    expect((await get(server, '/api/my/settings', bearer(other.body.extend.token))).status).toBe(401);
    expect((await get(server, '/api/my/settings', bearer(token))).status).toBe(200);
    expect((await login(user.email, 'Start@12345')).status).toBe(401);
    expect((await login(user.email, 'Better@12345')).status).toBe(200);
  });

  it('answers 409 for an account without a password', async () => {
    const user = await member();
    const answer = await change(user, 'Start@12345', 'Better@12345');
    expect(answer.status).toBe(409);
    expect(answer.body.success).toBe(false);
  });

  it('limits wrong current passwords per account', async () => {
    const app = await appBeside(server, {
      account: { rateLimits: { passwordFailuresPerAccount: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const user = await memberWithPassword('Start@12345');
      const attempt = (current: string) =>
        app.inject({
          method: 'POST',
          url: '/api/my/settings/password',
          headers: auth(user),
          payload: {
            currentPassword: enc(current, server.config.passwordKey),
            newPassword: enc('Better@12345', server.config.passwordKey),
            encrypted: true,
          },
        });
      expect((await attempt('Wrong@11111')).statusCode).toBe(403);
      expect((await attempt('Wrong@22222')).statusCode).toBe(403);
      const refused = await attempt('Start@12345');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, msg: expect.stringMatching(/Too many/) });
    } finally {
      await app.close();
    }
  });
});

describe('signing out everywhere', () => {
  it('makes every token of the account stop working, and no other account’s', async () => {
    const user = await member();
    const other = await member();
    const answer = await post(server, '/api/my/settings/sign-out-everywhere', undefined, auth(user));
    expect(answer.status).toBe(200);
    expect(answer.body.extend).toEqual({});
    expect((await get(server, '/api/my/profile', auth(user))).status).toBe(401);
    expect((await get(server, '/api/my/profile', auth(other))).status).toBe(200);
  });
});

describe('deleting the account', () => {
  const remove = (user: { token: string }, confirm: unknown) =>
    post(server, '/api/my/account/delete', { confirm }, auth(user));

  it('needs the typed confirmation DELETE', async () => {
    const user = await member();
    for (const confirm of ['', 'delete', 'DELETE ME', 'yes']) {
      const answer = await remove(user, confirm);
      expect(answer.status, confirm).toBe(400);
      expect(answer.body.msg).toMatch(/DELETE/);
    }
    expect((await post(server, '/api/my/account/delete', {}, auth(user))).status).toBe(400);
    expect((await get(server, '/api/my/profile', auth(user))).status).toBe(200);
  });

  it("deletes the member's data, keeps the orders without a link, refuses the token and the login", async () => {
    const user = await memberWithPassword('Start@12345');
    // Some history: a paid order with access and ledger entries, a pending one with an open session,
    // messages, a favourite, a support request, a share link, a coupon.
    const prompt = await server.db.one<{ id: number }>(
      'SELECT id FROM prompts WHERE grade = 2 ORDER BY id LIMIT 1',
    );
    const paid = await server.db.one<{ id: number }>(
      `INSERT INTO orders (user_id, status, subtotal_cents, total_cents, paid_at)
       VALUES ($1, 'paid', 500, 500, now()) RETURNING id`,
      [user.id],
    );
    await server.db.query(
      `INSERT INTO order_items (order_id, prompt_id, title, grade, price_cents)
       VALUES ($1, $2, 'Bought', 2, 500)`,
      [paid.id, prompt.id],
    );
    await server.db.query(
      `INSERT INTO user_prompt_access (user_id, prompt_id, source, order_id) VALUES ($1, $2, 'order', $3)`,
      [user.id, prompt.id, paid.id],
    );
    const pending = await server.db.one<{ id: number }>(
      `INSERT INTO orders (user_id, status, subtotal_cents, total_cents, payment_session_id)
       VALUES ($1, 'pending', 700, 700, 'cs_delete_test_1') RETURNING id`,
      [user.id],
    );
    await server.db.query(
      `INSERT INTO payment_sessions (id, order_id, amount_cents) VALUES ('cs_delete_test_1', $1, 700)`,
      [pending.id],
    );
    await server.db.query(
      `INSERT INTO fruit_ledger (user_id, amount, balance_after, kind, reason) VALUES ($1, 50, 50, 'bonus', 'Test')`,
      [user.id],
    );
    await server.db.query('UPDATE users SET fruit_cnt = 50 WHERE id = $1', [user.id]);
    await server.db.query('INSERT INTO favorites (user_id, prompt_id) VALUES ($1, $2)', [user.id, prompt.id]);
    await server.db.query(
      `INSERT INTO coupons (code, user_id, title, kind, value, valid_from, valid_until)
       VALUES ('DELETE-TEST-1', $1, 'Test', 'percent', 10, now(), now() + interval '1 day')`,
      [user.id],
    );
    await giveMessage(user.id);
    const request = await call<{ data: SupportRequest }>(server, {
      method: 'POST',
      url: '/api/support/requests',
      headers: auth(user),
      payload: { subject: 'Before I go', message: 'Please keep my order receipts somewhere.' },
      remoteAddress: '10.7.0.1',
    });
    const referral = (await get<{ data: Profile }>(server, '/api/my/profile', auth(user))).body.extend.data
      .referralUrl;

    const answer = await remove(user, 'DELETE');
    expect(answer.status).toBe(200);
    expect(answer.body.extend).toEqual({});

    expect((await get(server, '/api/my/profile', auth(user))).status).toBe(401);
    expect((await login(user.email, 'Start@12345')).status).toBe(401);
    expect(await count('SELECT 1 FROM users WHERE id = $1', [user.id])).toBe(0);
    for (const table of [
      'messages',
      'fruit_ledger',
      'favorites',
      'coupons',
      'user_prompt_access',
      'cart_items',
      'user_avatars',
    ]) {
      expect(await count(`SELECT 1 FROM ${table} WHERE user_id = $1`, [user.id]), table).toBe(0);
    }
    const orders = await server.db.query<{ id: number; user_id: string | null; status: string }>(
      'SELECT id, user_id, status FROM orders WHERE id = ANY($1::integer[]) ORDER BY id',
      [[paid.id, pending.id]],
    );
    expect(orders).toEqual([
      { id: paid.id, user_id: null, status: 'paid' },
      { id: pending.id, user_id: null, status: 'cancelled' },
    ]);
    expect(await count('SELECT 1 FROM order_items WHERE order_id = $1', [paid.id])).toBe(1);
    const session = await server.db.one<{ status: string }>(
      `SELECT status FROM payment_sessions WHERE id = 'cs_delete_test_1'`,
    );
    expect(session.status).toBe('cancelled');
    const support = await server.db.one<{ user_id: string | null }>(
      'SELECT user_id FROM support_requests WHERE id = $1',
      [request.body.extend.data.id],
    );
    expect(support.user_id).toBeNull();
    const link = await server.db.one<{ owner_id: string | null }>(
      'SELECT owner_id FROM short_links WHERE id = $1',
      [referral.split('/s/')[1]],
    );
    expect(link.owner_id).toBeNull();
    // The ledger invariant of everyone else still holds.
    expect(
      await count(
        `SELECT 1 FROM users u LEFT JOIN fruit_ledger l ON l.user_id = u.id
         GROUP BY u.id HAVING u.fruit_cnt <> coalesce(sum(l.amount), 0)`,
        [],
      ),
    ).toBe(0);
  });
});

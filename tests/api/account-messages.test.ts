// The account area (docs/decisions/005-account.md): every /api/my/ call of it signed out and in the API
// reference, and messages. Every /api/my/ call is the token's own user's: another member's ids answer 404 and
// change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../domain/account.ts';
import { bearer, botProof, call, enc, post, proven, type SignIn } from './support/auth.ts';
import { alice, auth, closeAccount, count, demo, giveMessage, member } from './support/account.ts';
import { messageRows, messagesOf, openAccount, server, unreadOf } from './support/account.ts';

beforeAll(openAccount);
afterAll(closeAccount);

describe('every /api/my/ call of the account area', () => {
  const calls: [string, string][] = [
    ['GET', '/api/my/messages'],
    ['GET', '/api/my/messages/unread-count'],
    ['POST', '/api/my/messages/1/read'],
    ['POST', '/api/my/messages/read-all'],
    ['POST', '/api/my/messages/1/delete'],
    ['GET', '/api/my/support/requests'],
    ['GET', '/api/my/profile'],
    ['POST', '/api/my/profile'],
    ['POST', '/api/my/profile/avatar'],
    ['POST', '/api/my/profile/avatar/generated'],
    ['GET', '/api/my/settings'],
    ['POST', '/api/my/settings/notifications'],
    ['POST', '/api/my/settings/password'],
    ['POST', '/api/my/settings/sign-out-everywhere'],
    ['POST', '/api/my/account/delete'],
  ];

  it('answers 401 without a token and with a bad one, before reading the body', async () => {
    for (const [method, url] of calls) {
      const anonymous = await call(server, { method: method as 'GET', url });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      expect(anonymous.body.success).toBe(false);
      const bad = await call(server, {
        method: method as 'GET',
        url,
        headers: bearer('not.a.token'),
        ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
      });
      expect(bad.status, `${method} ${url}`).toBe(401);
    }
  });

  it('are in the OpenAPI document', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    const paths = [
      ...calls.map(([method, url]) => [method, url.replace('/1/', '/{id}/')] as const),
      ['POST', '/api/support/requests'] as const,
      ['GET', '/api/avatars/{file}'] as const,
      ['POST', '/api/dev/support/{id}/reply'] as const,
    ];
    for (const [method, path] of paths) {
      expect(doc.paths[path]?.[method.toLowerCase()]?.summary, `${method} ${path}`).toEqual(
        expect.any(String),
      );
    }
  });
});

describe('messages', () => {
  it('lists the seeded messages newest first, with links and the unread count', async () => {
    const { status, body } = await messagesOf(demo);
    expect(status).toBe(200);
    const page = body.extend;
    const rows = await server.db.query<{ n: number; unread: number }>(
      `SELECT count(*)::integer AS n, (count(*) FILTER (WHERE read_at IS NULL))::integer AS unread
       FROM messages WHERE user_id = $1`,
      [demo.id],
    );
    expect(page.total).toBe(rows[0]?.n);
    expect(page.unread).toBe(rows[0]?.unread);
    expect(page.unread).toBeGreaterThan(0);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(20);
    const times = page.data.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const m of page.data) {
      expect(m).toEqual({
        id: expect.any(Number),
        kind: expect.stringMatching(/^(welcome|order|coupon|support|notice)$/),
        title: expect.any(String),
        body: expect.any(String),
        createdAt: expect.any(String),
        readAt: m.readAt === null ? null : expect.any(String),
        link: m.link === null ? null : { label: expect.any(String), href: expect.stringMatching(/^\//) },
      });
    }
    // The seeded order messages point to the order they are about, coupons and support to their pages.
    const orders = await server.db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1', [
      demo.id,
    ]);
    const orderLinks = page.data.filter((m) => m.kind === 'order').map((m) => m.link?.href);
    expect(orderLinks.length).toBeGreaterThan(0);
    for (const href of orderLinks) {
      expect(orders.map((o) => `/order-detail/${o.id}`)).toContain(href);
    }
    expect(page.data.find((m) => m.kind === 'coupon')?.link).toEqual({
      label: expect.any(String),
      href: '/coupons',
    });
    expect(page.data.find((m) => m.kind === 'support')?.link?.href).toBe('/support');
    expect(page.data.find((m) => m.kind === 'notice')?.link).toBeNull();
  });

  it('links an order message written by the shop ("Order #N …") to that order of the member only', async () => {
    const user = await member();
    const own = await server.db.one<{ id: number }>(
      `INSERT INTO orders (user_id, status) VALUES ($1, 'cancelled') RETURNING id`,
      [user.id],
    );
    const demoOrder = await server.db.one<{ id: number }>(
      'SELECT id FROM orders WHERE user_id = $1 ORDER BY id LIMIT 1',
      [demo.id],
    );
    await giveMessage(user.id, { kind: 'order', title: `Order #${own.id} was cancelled` });
    await giveMessage(user.id, { kind: 'order', title: `Order #${demoOrder.id} is paid` });
    await giveMessage(user.id, { kind: 'coupon', title: 'Exchange successful' });
    const { body } = await messagesOf(user);
    expect(body.extend.data.map((m) => m.link)).toEqual([
      { label: expect.any(String), href: '/coupons' },
      { label: expect.any(String), href: '/orders' },
      { label: 'View order', href: `/order-detail/${own.id}` },
    ]);
  });

  it('pages (pageSize at most 50) and counts unread messages of the whole inbox', async () => {
    const user = await member();
    for (let i = 0; i < 7; i++) {
      await giveMessage(user.id, {
        title: `Message ${i}`,
        read: i < 2,
        createdAt: `2026-01-0${i + 1}T10:00:00.000Z`,
      });
    }
    const first = (await messagesOf(user, '?page=1&pageSize=3')).body.extend;
    expect(first.data.map((m) => m.title)).toEqual(['Message 6', 'Message 5', 'Message 4']);
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3, unread: 5 });
    const last = (await messagesOf(user, '?page=3&pageSize=3')).body.extend;
    expect(last.data.map((m) => m.title)).toEqual(['Message 0']);
    expect(last.data[0]?.readAt).toEqual(expect.any(String));
    expect((await messagesOf(user, '?page=9&pageSize=3')).body.extend.data).toEqual([]);
    expect(await unreadOf(user)).toBe(5);

    for (const query of ['?pageSize=51', '?pageSize=0', '?page=0', '?page=x', '?pageSize=1.5']) {
      const bad = await messagesOf(user, query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.success).toBe(false);
      expect(bad.body.msg).toMatch(/page/);
    }
    expect((await messagesOf(user, '?pageSize=50')).status).toBe(200);
  });

  it('marks one read (again: no change), answering the message and the unread count', async () => {
    const user = await member();
    const a = await giveMessage(user.id);
    await giveMessage(user.id);
    const { status, body } = await post<{ data: Message; unread: number }>(
      server,
      `/api/my/messages/${a}/read`,
      undefined,
      auth(user),
    );
    expect(status).toBe(200);
    expect(body.extend.unread).toBe(1);
    expect(body.extend.data).toMatchObject({ id: a, readAt: expect.any(String) });
    const again = await post<{ data: Message; unread: number }>(
      server,
      `/api/my/messages/${a}/read`,
      {},
      auth(user),
    );
    expect(again.body.extend.data.readAt).toBe(body.extend.data.readAt);
    expect(again.body.extend.unread).toBe(1);
    expect(await unreadOf(user)).toBe(1);
  });

  it('marks all read and deletes one, answering the unread count', async () => {
    const user = await member();
    const a = await giveMessage(user.id);
    const b = await giveMessage(user.id);
    const deleted = await post<{ unread: number }>(server, `/api/my/messages/${a}/delete`, {}, auth(user));
    expect(deleted.status).toBe(200);
    expect(deleted.body.extend).toEqual({ unread: 1 });
    expect((await messageRows(user.id)).map((m) => m.id)).toEqual([b]);
    const again = await post(server, `/api/my/messages/${a}/delete`, {}, auth(user));
    expect(again.status).toBe(404);

    await giveMessage(user.id);
    const all = await post<{ unread: number }>(server, '/api/my/messages/read-all', undefined, auth(user));
    expect(all.status).toBe(200);
    expect(all.body.extend).toEqual({ unread: 0 });
    expect(await unreadOf(user)).toBe(0);
    expect(await count('SELECT 1 FROM messages WHERE user_id = $1 AND read_at IS NULL', [user.id])).toBe(0);
  });

  it("answers 404 for another member's message, an unknown or a malformed id, and changes nothing", async () => {
    const aliceMessage = await giveMessage(alice.id, { title: 'Alice only' });
    const before = await messageRows(alice.id);
    const demoBefore = await messageRows(demo.id);
    for (const id of [String(aliceMessage), '999999', '0', '-1', 'abc', '1.5', '99999999999', '1e3']) {
      for (const action of ['read', 'delete']) {
        const answer = await post(server, `/api/my/messages/${id}/${action}`, {}, auth(demo));
        expect(answer.status, `${action} ${id}`).toBe(404);
        expect(answer.body).toMatchObject({ success: false, msg: 'Message not found' });
      }
    }
    expect(await messageRows(alice.id)).toEqual(before);
    expect(await messageRows(demo.id)).toEqual(demoBefore);
    // Reading all of demo's messages does not touch alice's.
    await post(server, '/api/my/messages/read-all', {}, auth(demo));
    expect(await messageRows(alice.id)).toEqual(before);
  });

  it('gives a new account its welcome message (registration, guest)', async () => {
    const email = 'welcome-check@example.com';
    const registered = await post(server, '/api/social/register', {
      email,
      password: enc('Welcome@123', server.config.passwordKey),
      confirmPassword: enc('Welcome@123', server.config.passwordKey),
      recaptchaToken: await botProof(server.app),
      encrypted: true,
    });
    expect(registered.status).toBe(200);
    const kinds = await server.db.query<{ kind: string }>(
      'SELECT m.kind FROM messages m JOIN users u ON u.id = m.user_id WHERE u.email = $1',
      [email],
    );
    expect(kinds).toEqual([{ kind: 'welcome' }]);

    const guest = await post<SignIn>(server, '/api/social/guest', await proven(server.app, {}));
    expect(guest.status).toBe(200);
    const inbox = await messagesOf({ token: guest.body.extend.token });
    expect(inbox.body.extend.data.map((m) => m.kind)).toEqual(['welcome']);
    expect(inbox.body.extend.unread).toBe(1);
  });
});

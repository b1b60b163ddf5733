// The account area (docs/decisions/005-account.md): messages, Customer Support, profile, settings,
// password, signing out everywhere, deleting the account. Every /api/my/ call is the token's own user's:
// another member's ids answer 404 and change nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSettings, Message, MessagePage, Profile, SupportRequest } from '../../domain/account.ts';
import { SUPPORT_LIMITS } from '../../domain/account.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { buildApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import { bearer, call, enc, get, outbox, post, type SignIn } from './support/auth.ts';
import { newUser } from './support/catalog.ts';

let server: TestServer;
let demo: { id: string; token: string };
let alice: { id: string; token: string };

type Member = { id: string; token: string };
const auth = (user: { token: string }) => bearer(user.token);

let userCount = 0;
const member = (): Promise<Member> => newUser(server, `account-${++userCount}@example.com`);

/** A member who signs in with a password (verified address). */
async function memberWithPassword(password: string): Promise<Member & { email: string }> {
  const email = `password-${++userCount}@example.com`;
  const user = await newUser(server, email);
  await server.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
    user.id,
    await hashPassword(password),
  ]);
  return { ...user, email };
}

const login = (email: string, password: string) =>
  post<SignIn>(server, '/api/social/login', {
    email,
    password: enc(password, server.config.passwordKey),
    encrypted: true,
  });

/** A message of the member's, unread unless told otherwise. */
async function giveMessage(
  userId: string,
  fields: { kind?: string; title?: string; read?: boolean; createdAt?: string; orderId?: number } = {},
): Promise<number> {
  const row = await server.db.one<{ id: number }>(
    `INSERT INTO messages (user_id, kind, title, body, read_at, created_at, order_id)
     VALUES ($1, $2, $3, 'A message of the account tests.', CASE WHEN $4 THEN now() END,
             coalesce($5::timestamptz, clock_timestamp()), $6)
     RETURNING id`,
    [
      userId,
      fields.kind ?? 'notice',
      fields.title ?? 'Test message',
      fields.read ?? false,
      fields.createdAt ?? null,
      fields.orderId ?? null,
    ],
  );
  return row.id;
}

const messagesOf = (user: { token: string }, query = '') =>
  get<MessagePage>(server, `/api/my/messages${query}`, auth(user));
const unreadOf = async (user: { token: string }) =>
  (await get<{ data: number }>(server, '/api/my/messages/unread-count', auth(user))).body.extend.data;
const count = async (sql: string, params: unknown[]) =>
  (await server.db.one<{ n: number }>(`SELECT count(*)::integer AS n FROM (${sql}) x`, params)).n;
const messageRows = (userId: string) =>
  server.db.query('SELECT id, read_at, title FROM messages WHERE user_id = $1 ORDER BY id', [userId]);

const DEMO_EMAIL = 'demo@example.com';
const ALICE_EMAIL = 'alice@example.com';

beforeAll(async () => {
  server = await createTestServer();
  const idOf = async (email: string) =>
    (await server.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).id;
  demo = { id: await idOf(DEMO_EMAIL), token: await server.tokenFor(DEMO_EMAIL) };
  alice = { id: await idOf(ALICE_EMAIL), token: await server.tokenFor(ALICE_EMAIL) };
});

afterAll(async () => {
  await server.close();
});

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
      recaptchaToken: 'recaptcha-dummy-token',
      encrypted: true,
    });
    expect(registered.status).toBe(200);
    const kinds = await server.db.query<{ kind: string }>(
      'SELECT m.kind FROM messages m JOIN users u ON u.id = m.user_id WHERE u.email = $1',
      [email],
    );
    expect(kinds).toEqual([{ kind: 'welcome' }]);

    const guest = await post<SignIn>(server, '/api/social/guest', {});
    expect(guest.status).toBe(200);
    const inbox = await messagesOf({ token: guest.body.extend.token });
    expect(inbox.body.extend.data.map((m) => m.kind)).toEqual(['welcome']);
    expect(inbox.body.extend.unread).toBe(1);
  });
});

describe('Customer Support', () => {
  let ipCount = 0;
  /** Every test writes from its own client address, so the per-IP limit of one does not spill over. */
  const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    call<{ data: SupportRequest }>(server, {
      method: 'POST',
      url: '/api/support/requests',
      payload: payload as Record<string, unknown>,
      headers,
      remoteAddress: remoteAddress ?? `10.0.0.${++ipCount}`,
    });
  const valid = {
    subject: 'Where is my prompt?',
    message: 'I bought a prompt yesterday but I cannot find it in my library.',
  };

  it('takes a visitor’s request with an email, stores it and mails a confirmation', async () => {
    const email = 'visitor-1@example.com';
    const { status, body } = await send({ ...valid, email: `  ${email} ` });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.extend.data).toEqual({
      id: expect.any(Number),
      subject: valid.subject,
      message: valid.message,
      status: 'open',
      createdAt: expect.any(String),
      reply: null,
      repliedAt: null,
    });
    const row = await server.db.one<{ user_id: string | null; email: string }>(
      'SELECT user_id, email FROM support_requests WHERE id = $1',
      [body.extend.data.id],
    );
    expect(row).toEqual({ user_id: null, email });
    const [mail] = await outbox(server, email);
    expect(mail?.subject).toBe(`We received your request: ${valid.subject}`);
    expect(mail?.text).toContain(valid.message);
  });

  it('needs a valid email from a visitor', async () => {
    const missing = await send(valid);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(MESSAGES.emailRequired);
    const blank = await send({ ...valid, email: '   ' });
    expect(blank.status).toBe(400);
    const malformed = await send({ ...valid, email: 'not-an-address' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.msg).toBe(MESSAGES.emailInvalid);
    expect(await count('SELECT 1 FROM support_requests WHERE email = $1', ['not-an-address'])).toBe(0);
  });

  it('keeps subject and message within SUPPORT_LIMITS, with clear messages', async () => {
    const email = 'visitor-limits@example.com';
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ subject: 'ab', message: valid.message }, 400, /subject/i],
      [{ subject: '   abc   ', message: 'x'.repeat(SUPPORT_LIMITS.messageMin - 1) }, 400, /describe/i],
      [{ subject: 'x'.repeat(SUPPORT_LIMITS.subjectMax + 1), message: valid.message }, 400, /subject/i],
      [{ subject: valid.subject, message: 'x'.repeat(SUPPORT_LIMITS.messageMax + 1) }, 400, /describe/i],
      [{ subject: valid.subject, message: 'x'.repeat(20000) }, 400, /message/],
      [{ subject: valid.subject, message: `${valid.message}\u0000` }, 400, /characters/],
      [{ subject: valid.subject }, 400, /Missing body field 'message'/],
      [{ message: valid.message }, 400, /Missing body field 'subject'/],
      [{ subject: 12, message: valid.message }, 400, /subject/],
    ];
    for (const [fields, status, msg] of cases) {
      const answer = await send({ email, ...fields });
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(answer.body.success).toBe(false);
      expect(answer.body.msg).toMatch(msg);
    }
    const bad = await call(server, {
      method: 'POST',
      url: '/api/support/requests',
      headers: { 'content-type': 'application/json' },
      payload: '{"subject":',
    });
    expect(bad.status).toBe(400);
    expect(await count('SELECT 1 FROM support_requests WHERE email = $1', [email])).toBe(0);

    const longest = await send({
      email,
      subject: 'x'.repeat(SUPPORT_LIMITS.subjectMax),
      message: `  ${'y'.repeat(SUPPORT_LIMITS.messageMax)}\r\n`,
    });
    expect(longest.status).toBe(200);
    expect(longest.body.extend.data.message).toBe('y'.repeat(SUPPORT_LIMITS.messageMax));
  });

  it('uses the account’s address for a member (the body’s email is ignored) and lists it', async () => {
    const user = await member();
    const email = (await server.db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [user.id]))
      .email;
    const first = await send({ ...valid, email: 'someone-else@example.com' }, auth(user));
    expect(first.status).toBe(200);
    const second = await send({ subject: 'Another question', message: valid.message }, auth(user));
    expect(second.status).toBe(200);
    const rows = await server.db.query<{ user_id: string; email: string }>(
      'SELECT user_id, email FROM support_requests WHERE id = ANY($1::integer[])',
      [[first.body.extend.data.id, second.body.extend.data.id]],
    );
    expect(rows).toEqual([
      { user_id: user.id, email },
      { user_id: user.id, email },
    ]);
    expect(await outbox(server, 'someone-else@example.com')).toEqual([]);
    expect((await outbox(server, email)).length).toBe(2);

    const mine = await get<{ data: SupportRequest[] }>(server, '/api/my/support/requests', auth(user));
    expect(mine.status).toBe(200);
    expect(mine.body.extend.data.map((r) => r.id)).toEqual([
      second.body.extend.data.id,
      first.body.extend.data.id,
    ]);
  });

  it('lists the seeded requests of the demo member, newest first, one answered', async () => {
    const { body } = await get<{ data: SupportRequest[] }>(server, '/api/my/support/requests', auth(demo));
    const list = body.extend.data;
    expect(list.length).toBeGreaterThanOrEqual(2);
    const times = list.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const answered = list.find((r) => r.status === 'answered');
    expect(answered).toMatchObject({ reply: expect.any(String), repliedAt: expect.any(String) });
    expect(list.some((r) => r.status === 'open' && r.reply === null)).toBe(true);
    // Its answer is the demo member's support message, which links to /support.
    const message = await server.db.one<{ body: string; support_request_id: number }>(
      `SELECT body, support_request_id FROM messages WHERE user_id = $1 AND kind = 'support'`,
      [demo.id],
    );
    expect(message).toEqual({ body: answered?.reply, support_request_id: answered?.id });
    // Alice's requests are not demo's.
    const alices = await get<{ data: SupportRequest[] }>(server, '/api/my/support/requests', auth(alice));
    const ids = new Set(list.map((r) => r.id));
    expect(alices.body.extend.data.every((r) => !ids.has(r.id))).toBe(true);
  });

  it('answers through the development stand-in: answered, a message linking to /support, a mail', async () => {
    const user = await member();
    const email = (await server.db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [user.id]))
      .email;
    const sent = await send(valid, auth(user));
    const id = sent.body.extend.data.id;
    const reply = await post<{ data: SupportRequest }>(server, `/api/dev/support/${id}/reply`, {
      body: 'Your prompt is in Orders. Open the order and follow the link to the prompt.',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.extend.data).toMatchObject({
      id,
      status: 'answered',
      reply: 'Your prompt is in Orders. Open the order and follow the link to the prompt.',
      repliedAt: expect.any(String),
    });
    const mine = await get<{ data: SupportRequest[] }>(server, '/api/my/support/requests', auth(user));
    expect(mine.body.extend.data[0]).toMatchObject({ id, status: 'answered' });
    const inbox = (await messagesOf(user)).body.extend;
    expect(inbox.unread).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      kind: 'support',
      title: `Re: ${valid.subject}`,
      body: 'Your prompt is in Orders. Open the order and follow the link to the prompt.',
      readAt: null,
      link: { label: expect.any(String), href: '/support' },
    });
    const [mail] = await outbox(server, email);
    expect(mail?.subject).toBe(`Re: ${valid.subject}`);
    expect(mail?.text).toContain('Open the order');
  });

  it('mails the answer only to members who want support replies by mail', async () => {
    const user = await member();
    const email = (await server.db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [user.id]))
      .email;
    await post(server, '/api/my/settings/notifications', { supportReplies: false }, auth(user));
    const id = (await send(valid, auth(user))).body.extend.data.id;
    const before = (await outbox(server, email)).length;
    expect((await post(server, `/api/dev/support/${id}/reply`, { body: 'An answer.' })).status).toBe(200);
    expect((await outbox(server, email)).length).toBe(before);
    expect(await count(`SELECT 1 FROM messages WHERE user_id = $1 AND kind = 'support'`, [user.id])).toBe(1);
  });

  it('refuses a stand-in answer to an unknown request or without a body', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const answer = await post(server, `/api/dev/support/${id}/reply`, { body: 'Hello' });
      expect(answer.status, id).toBe(404);
    }
    const id = (await send({ ...valid, email: 'visitor-2@example.com' })).body.extend.data.id;
    expect((await post(server, `/api/dev/support/${id}/reply`, {})).status).toBe(400);
    expect((await post(server, `/api/dev/support/${id}/reply`, { body: '' })).status).toBe(400);
    expect((await post(server, `/api/dev/support/${id}/reply`, { body: '   ' })).status).toBe(400);
    expect((await post(server, `/api/dev/support/${id}/reply`, { body: 'x'.repeat(5001) })).status).toBe(400);
    // A visitor's request is answered by mail.
    expect((await post(server, `/api/dev/support/${id}/reply`, { body: 'Thanks!' })).status).toBe(200);
    expect((await outbox(server, 'visitor-2@example.com'))[0]?.subject).toBe(`Re: ${valid.subject}`);
  });

  it('is not there without the development stand-ins', async () => {
    const app = await buildApp({
      db: server.db,
      config: { ...server.config, devStandIns: false },
      distDir: null,
      imageStore: memoryImageStore(),
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/dev/support/1/reply',
        payload: { body: 'Hello' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  describe('rate limits', () => {
    let limited: FastifyInstance;
    const MAX = 3;
    beforeAll(async () => {
      limited = await buildApp({
        db: server.db,
        config: server.config,
        distDir: null,
        imageStore: memoryImageStore(),
        account: {
          rateLimits: {
            supportPerIp: { max: MAX, windowMs: 60_000 },
            supportPerAccount: { max: MAX, windowMs: 60_000 },
            supportPerEmail: { max: MAX, windowMs: 60_000 },
          },
        },
      });
    });
    afterAll(async () => {
      await limited.close();
    });
    const sendTo = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
      limited.inject({
        method: 'POST',
        url: '/api/support/requests',
        payload: payload as Record<string, unknown>,
        headers,
        remoteAddress,
      });

    it('answers 429 with a clear message after the limit per client IP', async () => {
      for (let i = 0; i < MAX; i++) {
        const res = await sendTo({ ...valid, email: `ip-limit-${i}@example.com` }, '10.9.0.1');
        expect(res.statusCode).toBe(200);
      }
      const refused = await sendTo({ ...valid, email: 'ip-limit-x@example.com' }, '10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, msg: expect.stringMatching(/wait/i) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await count('SELECT 1 FROM support_requests WHERE email = $1', ['ip-limit-x@example.com'])).toBe(
        0,
      );
      // Another client is not affected.
      expect((await sendTo({ ...valid, email: 'ip-limit-y@example.com' }, '10.9.0.2')).statusCode).toBe(200);
    });

    it('answers 429 after the limit per account, from any address', async () => {
      const user = await member();
      for (let i = 0; i < MAX; i++) {
        expect((await sendTo(valid, `10.9.1.${i}`, auth(user))).statusCode).toBe(200);
      }
      const refused = await sendTo(valid, '10.9.1.99', auth(user));
      expect(refused.statusCode).toBe(429);
      expect(await count('SELECT 1 FROM support_requests WHERE user_id = $1', [user.id])).toBe(MAX);
    });

    it('answers 429 after the limit per address (confirmation mails)', async () => {
      for (let i = 0; i < MAX; i++) {
        expect((await sendTo({ ...valid, email: 'Target@example.com' }, `10.9.2.${i}`)).statusCode).toBe(200);
      }
      const refused = await sendTo({ ...valid, email: 'target@EXAMPLE.com' }, '10.9.2.99');
      expect(refused.statusCode).toBe(429);
    });
  });
});

describe('profile', () => {
  const profileOf = (user: { token: string }) =>
    get<{ data: Profile }>(server, '/api/my/profile', auth(user));
  const rename = (user: { token: string }, name: unknown) =>
    post<{ data: Profile }>(server, '/api/my/profile', { name }, auth(user));

  it('answers the profile: paid orders, balance, and a referral link the member owns (the same every time)', async () => {
    const { status, body } = await profileOf(demo);
    expect(status).toBe(200);
    const profile = body.extend.data;
    const paid = await count(`SELECT 1 FROM orders WHERE user_id = $1 AND status = 'paid'`, [demo.id]);
    const user = await server.db.one<{ fruit_cnt: number; created_at: Date }>(
      'SELECT fruit_cnt, created_at FROM users WHERE id = $1',
      [demo.id],
    );
    expect(profile).toEqual({
      memberId: demo.id,
      name: 'Demo Shopper',
      email: DEMO_EMAIL,
      avatarUrl: expect.any(String),
      memberSince: new Date(user.created_at).toISOString(),
      purchases: paid,
      fruitCnt: user.fruit_cnt,
      provider: 'email',
      referralUrl: expect.stringMatching(/^http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]+$/),
    });
    expect(paid).toBeGreaterThan(0);
    const id = profile.referralUrl.split('/s/')[1];
    const link = await server.db.one<{ owner_id: string; partner: boolean }>(
      'SELECT owner_id, partner FROM short_links WHERE id = $1',
      [id],
    );
    expect(link).toEqual({ owner_id: demo.id, partner: false });
    expect((await profileOf(demo)).body.extend.data.referralUrl).toBe(profile.referralUrl);
  });

  it('makes a referral link once for a member who has none, to a popular prompt', async () => {
    const user = await member();
    expect(await count('SELECT 1 FROM short_links WHERE owner_id = $1', [user.id])).toBe(0);
    const first = (await profileOf(user)).body.extend.data;
    expect(first).toMatchObject({ purchases: 0, fruitCnt: 0, avatarUrl: '/default-avatar.svg' });
    const again = (await profileOf(user)).body.extend.data;
    expect(again.referralUrl).toBe(first.referralUrl);
    expect(await count('SELECT 1 FROM short_links WHERE owner_id = $1', [user.id])).toBe(1);
    const shared = await get<{ referrer: string }>(server, `/api/share/${first.referralUrl.split('/s/')[1]}`);
    expect(shared.body.extend.referrer).toBe(user.id);
  });

  it('changes the name: trimmed, 1-40 characters, no control characters', async () => {
    const user = await member();
    const saved = await rename(user, '  Ada Lovelace  ');
    expect(saved.status).toBe(200);
    expect(saved.body.extend.data.name).toBe('Ada Lovelace');
    expect((await profileOf(user)).body.extend.data.name).toBe('Ada Lovelace');
    expect((await rename(user, 'é'.repeat(40))).status).toBe(200);
    expect((await rename(user, '😀'.repeat(40))).status).toBe(200);

    const cases: [unknown, RegExp][] = [
      ['', /enter a name/],
      ['    ', /enter a name/],
      ['x'.repeat(41), /at most 40/],
      ['Ada\nLovelace', /control characters/],
      ['Ada\u0007', /control characters/],
      ['Ada\u202eecalevol', /control characters/],
      [null, /name/],
      [{ first: 'Ada' }, /name/],
      ['x'.repeat(500), /name/],
    ];
    for (const [name, msg] of cases) {
      const answer = await rename(user, name);
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.msg).toMatch(msg);
    }
    expect((await post(server, '/api/my/profile', {}, auth(user))).status).toBe(400);
    expect((await profileOf(user)).body.extend.data.name).toBe('😀'.repeat(40));
  });
});

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
    const guest = await post<SignIn>(server, '/api/social/guest', {});
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
    const app = await buildApp({
      db: server.db,
      config: server.config,
      distDir: null,
      imageStore: memoryImageStore(),
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

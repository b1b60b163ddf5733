// The account area (docs/decisions/005-account.md): Customer Support, for visitors and members, its
// development stand-in answers and its rate limits. Every /api/my/ call is the token's own user's: another
// member's ids answer 404 and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportRequest } from '../../domain/account.ts';
import { SUPPORT_LIMITS } from '../../domain/account.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { BOT_CHECK_MESSAGES } from '../../server/bot-check/bot-check.ts';
import { botProof, call, get, outbox, post, provenObject } from './support/auth.ts';
import { appBeside, openForSuite } from './support/suite.ts';
import { alice, auth, closeAccount, count, demo, member, messagesOf } from './support/account.ts';
import { openAccount, server } from './support/account.ts';

beforeAll(openAccount);
afterAll(closeAccount);

describe('Customer Support', () => {
  let ipCount = 0;
  /** Every test writes from its own client address, so the per-IP limit of one does not spill over. */
  const send = async (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    call<{ data: SupportRequest }>(server, {
      method: 'POST',
      url: '/api/support/requests',
      payload: await provenObject(server.app, payload),
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
    // the address is anyone's: the mail confirms the request and carries none of the writer's words
    const [mail] = await outbox(server, email);
    expect(mail?.subject).toBe(`We received your request #${body.extend.data.id}`);
    for (const words of [valid.subject, valid.message]) {
      expect(mail?.text).not.toContain(words);
      expect(mail?.html).not.toContain(words);
    }
  });

  it('is no mail relay: a visitor’s words never reach the address they name (issue 37)', async () => {
    const victim = 'relay-target@example.com';
    const spam = {
      subject: 'You won a prize, click here',
      message: 'Claim it at https://evil.example/prize now!!',
    };
    expect((await send({ ...spam, email: victim })).status).toBe(200);
    const mails = await outbox(server, victim);
    expect(mails).toHaveLength(1);
    const whole = JSON.stringify(mails);
    expect(whole).not.toContain('prize');
    expect(whole).not.toContain('evil.example');
  });

  it('asks a visitor for a solved bot check, once (issue 37)', async () => {
    const email = 'bot-check-visitor@example.com';
    const unchecked = (botCheck: Record<string, string>) =>
      call(server, {
        method: 'POST',
        url: '/api/support/requests',
        payload: { ...valid, email, ...botCheck },
        remoteAddress: `10.0.1.${++ipCount}`,
      });
    const bare = await unchecked({});
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({
      success: false,
      msg: BOT_CHECK_MESSAGES.missing,
      extend: { field: 'botCheck' },
    });
    const proof = { botCheck: await botProof(server.app) };
    expect((await unchecked(proof)).status).toBe(200);
    const again = await unchecked(proof);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(BOT_CHECK_MESSAGES.used);
    expect(await count('SELECT 1 FROM support_requests WHERE email = $1', [email])).toBe(1);
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
    expect((await outbox(server, 'visitor-2@example.com'))[0]?.subject).toBe(`Re: your request #${id}`);
  });

  it('is not there without the development stand-ins', async () => {
    const app = await appBeside(server, { config: { ...server.config, devStandIns: false } });
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
    const MAX = 3;
    const limited = openForSuite(() =>
      appBeside(server, {
        account: {
          rateLimits: {
            supportPerIp: { max: MAX, windowMs: 60_000 },
            supportPerAccount: { max: MAX, windowMs: 60_000 },
            supportPerEmail: { max: MAX, windowMs: 60_000 },
          },
        },
      }),
    );
    const sendTo = async (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
      limited.inject({
        method: 'POST',
        url: '/api/support/requests',
        payload: await provenObject(limited, payload),
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

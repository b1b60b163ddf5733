// The session calls (requirements §7): the account of the token, logout (revokes the token), guest login, and
// the cart count of the header. They act only on the token's user, whatever userId / memberId says.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server.ts';
import { bearer, get, post, proven, type SignIn, type UserData } from './support/auth.ts';

let server: TestServer;
let demoId: string;
let aliceId: string;
beforeAll(async () => {
  server = await createTestServer({
    app: { auth: { rateLimits: { guestPerIp: { max: 3, windowMs: 3_600_000 } } } },
  });
  demoId = (await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`)).id;
  aliceId = (await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'alice@example.com'`))
    .id;
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/social/accounts', () => {
  it("answers the token's user, whatever userId the query names", async () => {
    const token = await server.tokenFor('demo@example.com');
    const demo = await server.db.one<{ name: string; fruit_cnt: number }>(
      'SELECT name, fruit_cnt FROM users WHERE id = $1',
      [demoId],
    );
    for (const query of ['', `?userId=${demoId}`, `?userId=${aliceId}`, '?userId=not-a-uuid']) {
      const { status, body } = await get<{ data: UserData }>(
        server,
        `/api/social/accounts${query}`,
        bearer(token),
      );
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        msg: 'OK',
        extend: {
          data: {
            userId: demoId,
            providerUsername: demo.name,
            email: 'demo@example.com',
            avatarUrl: null,
            fruitCnt: demo.fruit_cnt,
          },
        },
      });
    }
  });

  it('answers 401 without a token or with a bad one', async () => {
    const none = await get(server, `/api/social/accounts?userId=${demoId}`);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, msg: 'Please log in first', extend: {} });
    const bad = await get(server, '/api/social/accounts', bearer('a.b.c'));
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ success: false, msg: 'Invalid or expired token', extend: {} });
  });
});

describe('POST /api/social/logout', () => {
  it('revokes the token: 401 on /api/my, anonymous elsewhere; other tokens keep working', async () => {
    const token = await server.tokenFor('alice@example.com');
    const other = await server.tokenFor('alice@example.com');
    expect((await get(server, '/api/my/cart/count', bearer(token))).status).toBe(200);

    const out = await post(server, `/api/social/logout?userId=${aliceId}`, {}, bearer(token));
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, msg: 'You have been successfully logged out', extend: {} });
    const { jti } = decodeJwt(token);
    const revoked = await server.db.one<{ user_id: string; expires_at: Date }>(
      'SELECT user_id, expires_at FROM revoked_tokens WHERE jti = $1',
      [jti],
    );
    expect(revoked.user_id).toBe(aliceId);
    expect(revoked.expires_at.getTime()).toBe(decodeJwt(token).exp! * 1000);

    expect((await get(server, '/api/my/cart/count', bearer(token))).status).toBe(401);
    expect((await get(server, '/api/social/accounts', bearer(token))).status).toBe(401);
    expect((await get(server, '/api/prompts?pageSize=1', bearer(token))).status).toBe(200);
    // logging out again with the revoked token: 401 (the SPA ignores it)
    expect((await post(server, '/api/social/logout', {}, bearer(token))).status).toBe(401);
    expect((await get(server, '/api/my/cart/count', bearer(other))).status).toBe(200);
  });

  it('answers 401 without a token, with or without a body', async () => {
    const withBody = await post(server, `/api/social/logout?userId=${demoId}`, {});
    expect(withBody.status).toBe(401);
    expect(withBody.body.success).toBe(false);
    const res = await server.app.inject({ method: 'POST', url: '/api/social/logout' });
    expect(res.statusCode).toBe(401);
  });

  it('logs out without a body', async () => {
    const token = await server.tokenFor('demo@example.com');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/social/logout',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/social/guest', () => {
  it('creates a guest account and signs it in', async () => {
    const { status, body } = await post<SignIn>(server, '/api/social/guest', await proven(server.app, {}));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const { token, data } = body.extend;
    expect(data).toMatchObject({ email: null, avatarUrl: null, fruitCnt: 0 });
    expect(data.providerUsername).toMatch(/^Guest \d{4}$/);
    const row = await server.db.one<{ provider: string; email: string | null; password_hash: string | null }>(
      'SELECT provider, email, password_hash FROM users WHERE id = $1',
      [data.userId],
    );
    expect(row).toEqual({ provider: 'guest', email: null, password_hash: null });
    expect(decodeJwt(token)).toMatchObject({ sub: data.userId, preferred_username: data.providerUsername });
    const account = await get<{ data: UserData }>(server, '/api/social/accounts', bearer(token));
    expect(account.body.extend.data).toEqual(data);
    const count = await get<{ data: number }>(server, '/api/my/cart/count', bearer(token));
    expect(count.body.extend.data).toBe(0);
    // each sign-in is a new guest; without a body (no bot check) none (issue 37)
    const second = await post<SignIn>(server, '/api/social/guest', await proven(server.app, {}));
    expect(second.body.extend.data.userId).not.toBe(data.userId);
    const bare = await server.app.inject({ method: 'POST', url: '/api/social/guest' });
    expect(bare.statusCode).toBe(400);
  });

  it('limits guest accounts per client: 429', async () => {
    // three so far (two guests, and a call without its bot check): the limit of this server is three an hour
    const blocked = await post(server, '/api/social/guest', await proven(server.app, {}));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      success: false,
      msg: 'Too many guest sign-ins from your network. Please try again later.',
    });
    expect(blocked.res.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('GET /api/my/cart/count', () => {
  it("counts the token's user's cart, whatever memberId says", async () => {
    await server.db.query('DELETE FROM cart_items WHERE user_id IN ($1, $2)', [demoId, aliceId]);
    await server.db.query(
      'INSERT INTO cart_items (user_id, prompt_id) VALUES ($1, 1), ($1, 2), ($1, 3), ($2, 4)',
      [demoId, aliceId],
    );
    const token = await server.tokenFor('demo@example.com');
    for (const query of ['', `?memberId=${demoId}`, `?memberId=${aliceId}`]) {
      const { status, body } = await get<{ data: number }>(
        server,
        `/api/my/cart/count${query}`,
        bearer(token),
      );
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, msg: 'OK', extend: { data: 3 } });
    }
    const alice = await get<{ data: number }>(
      server,
      '/api/my/cart/count',
      bearer(await server.tokenFor('alice@example.com')),
    );
    expect(alice.body.extend.data).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const res = await get(server, `/api/my/cart/count?memberId=${demoId}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, msg: 'Please log in first', extend: {} });
  });
});

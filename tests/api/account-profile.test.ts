// The account area (docs/decisions/005-account.md): the profile. Every /api/my/ call is the token's own
// user's: another member's ids answer 404 and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../domain/account.ts';
import { get, post } from './support/auth.ts';
import { auth, closeAccount, count, demo, DEMO_EMAIL, member, openAccount } from './support/account.ts';
import { server } from './support/account.ts';

beforeAll(openAccount);
afterAll(closeAccount);

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

// Share links (requirements §C5): POST /api/share and GET /api/share/:shortUrlId.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/server.ts';
import { bearer, get, post } from './support/auth.ts';
import { createPageServer } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);
let demoToken: string;
let demoId: string;

interface Created {
  shortUrlId: string;
  url: string;
}
interface Resolved {
  slugId: string;
  promptId: number;
  partner: boolean;
  partnerName: string | null;
  referrer: string | null;
}

const UNKNOWN = 'This share link does not exist or has expired.';

beforeAll(async () => {
  demoToken = await server.tokenFor('demo@example.com');
  demoId = (await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`)).id;
});

const share = (promptId: unknown, token?: string) =>
  post<Created>(server, '/api/share', { promptId }, token ? bearer(token) : {});
const resolve = (id: string, partner?: 0 | 1) =>
  get<Resolved>(
    server,
    `/api/share/${encodeURIComponent(id)}${partner === undefined ? '' : `?partner=${partner}`}`,
  );

const slugIdOf = async (id: number) => {
  const row = await server.db.one<{ slug: string; sort_id: number }>(
    'SELECT slug, sort_id FROM prompts WHERE id = $1',
    [id],
  );
  return `${row.slug}-${row.sort_id}`;
};

describe('POST /api/share', () => {
  it('makes an anonymous link <origin>/s/<8 characters>, a new one each time', async () => {
    const one = await share(12);
    expect(one.status).toBe(200);
    expect(one.body.success).toBe(true);
    expect(one.body.extend.shortUrlId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(one.body.extend.url).toBe(`${server.config.publicOrigin}/s/${one.body.extend.shortUrlId}`);
    const two = await share(12);
    expect(two.body.extend.shortUrlId).not.toBe(one.body.extend.shortUrlId);
    const row = await server.db.one<{ owner_id: string | null; partner: boolean; prompt_id: number }>(
      'SELECT owner_id, partner, prompt_id FROM short_links WHERE id = $1',
      [one.body.extend.shortUrlId],
    );
    expect(row).toEqual({ owner_id: null, partner: false, prompt_id: 12 });
  });

  it('gives a signed-in user their own link, the same one every time', async () => {
    const one = await share(20, demoToken);
    const two = await share(20, demoToken);
    expect(two.body.extend).toEqual(one.body.extend);
    const other = await share(21, demoToken);
    expect(other.body.extend.shortUrlId).not.toBe(one.body.extend.shortUrlId);
    const alice = await share(20, await server.tokenFor('alice@example.com'));
    expect(alice.body.extend.shortUrlId).not.toBe(one.body.extend.shortUrlId);
  });

  it('reuses the link a user already had from the demo data', async () => {
    const seeded = await server.db.one<{ id: string; prompt_id: number }>(
      `SELECT id, prompt_id FROM short_links WHERE owner_id = $1 AND NOT partner ORDER BY created_at LIMIT 1`,
      [demoId],
    );
    const res = await share(seeded.prompt_id, demoToken);
    expect(res.body.extend.shortUrlId).toBe(seeded.id);
  });

  it('answers 404 for an unknown prompt and 400 for a malformed one', async () => {
    const unknown = await share(999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Prompt not found');
    expect((await share('twelve')).status).toBe(400);
    expect((await share(0)).status).toBe(400);
  });
});

describe('GET /api/share/:shortUrlId', () => {
  it("resolves a user's link to the prompt, naming the user as referrer, and counts visits", async () => {
    const { shortUrlId } = (await share(30, demoToken)).body.extend;
    const res = await resolve(shortUrlId);
    expect(res.status).toBe(200);
    expect(res.body.extend).toEqual({
      slugId: await slugIdOf(30),
      promptId: 30,
      partner: false,
      partnerName: null,
      referrer: demoId,
    });
    await resolve(shortUrlId, 0);
    const { clicks } = await server.db.one<{ clicks: number }>(
      'SELECT clicks FROM short_links WHERE id = $1',
      [shortUrlId],
    );
    expect(clicks).toBe(2);
  });

  it('resolves an anonymous link without referrer', async () => {
    const { shortUrlId } = (await share(31)).body.extend;
    expect((await resolve(shortUrlId)).body.extend).toMatchObject({ promptId: 31, referrer: null });
  });

  it('resolves a partner link only as a partner link (/ps/), with the partner name', async () => {
    const partner = await server.db.one<{ id: string; prompt_id: number; partner_name: string }>(
      'SELECT id, prompt_id, partner_name FROM short_links WHERE partner LIMIT 1',
    );
    const res = await resolve(partner.id, 1);
    expect(res.body.extend).toEqual({
      slugId: await slugIdOf(partner.prompt_id),
      promptId: partner.prompt_id,
      partner: true,
      partnerName: partner.partner_name,
      referrer: null,
    });
    const wrongKind = await resolve(partner.id, 0);
    expect(wrongKind.status).toBe(404);
    expect(wrongKind.body).toEqual({ success: false, msg: UNKNOWN, extend: {} });
    const { shortUrlId } = (await share(32)).body.extend;
    expect((await resolve(shortUrlId, 1)).status).toBe(404);
  });

  it('answers 404 for an unknown, malformed or differently cased id', async () => {
    const { shortUrlId } = (await share(33)).body.extend;
    const swapped = shortUrlId
      .replace(/[a-z]/, (c) => c.toUpperCase())
      .replace(/^[A-Z]/, (c) => c.toLowerCase());
    for (const id of ['nope1234', 'x'.repeat(64), 'bad id!', swapped === shortUrlId ? 'ZZZZZZZZ' : swapped]) {
      const res = await resolve(id);
      expect(res.status, id).toBe(404);
      expect(res.body.msg).toBe(UNKNOWN);
    }
    expect((await resolve(shortUrlId, 2 as 1)).status).toBe(400);
  });
});

describe('anonymous links per client', () => {
  it('are limited (429 with retryAfter); signed-in users are not', async () => {
    const limited = await createPageServer({
      app: { share: { anonymousPerIp: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const make = (token?: string) =>
        post<Created>(limited, '/api/share', { promptId: 5 }, token ? bearer(token) : {});
      expect((await make()).status).toBe(200);
      expect((await make()).status).toBe(200);
      const third = await make();
      expect(third.status).toBe(429);
      expect(third.body.success).toBe(false);
      expect(third.body.extend).toMatchObject({ retryAfter: expect.any(Number) });
      expect(third.res.headers['retry-after']).toBeDefined();
      expect((await make(await limited.tokenFor('demo@example.com'))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

// GET /api/my/library (My Prompts): what a member owns and the free prompts they saved, newest first,
// with each template filled in; only theirs, only signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptCard } from '../../domain/catalog.ts';
import { createTestServer, type TestServer } from '../../tests/support/server.ts';
import { bearer, get } from '../../tests/api/support/auth.ts';

interface Entry {
  prompt: PromptCard;
  source: 'order' | 'grant' | 'saved';
  orderId: number | null;
  since: string;
  template: string;
}
interface Library {
  data: Entry[];
  total: number;
}

let server: TestServer;
let token: string;
let userId: string;
const ids: Record<'free' | 'hiddenFree' | 'fruit' | 'premium' | 'savedPremium', number> = {
  free: 0,
  hiddenFree: 0,
  fruit: 0,
  premium: 0,
  savedPremium: 0,
};

const promptOf = (grade: number, offset: number) =>
  server.db
    .one<{ id: number }>(
      'SELECT id FROM prompts WHERE grade = $1 AND NOT hidden ORDER BY id OFFSET $2 LIMIT 1',
      [grade, offset],
    )
    .then((r) => r.id);

const library = (t = token) => get<Library>(server, '/api/my/library', bearer(t));

beforeAll(async () => {
  server = await createTestServer();
  // a member who owns nothing yet: a new account of their own
  await server.db.query(
    `INSERT INTO users (email, name, email_verified_at) VALUES ('library@example.com', 'Libby', now())`,
  );
  token = await server.tokenFor('library@example.com');
  userId = (await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'library@example.com'`))
    .id;
  ids.free = await promptOf(0, 0);
  ids.hiddenFree = await promptOf(0, 1);
  ids.fruit = await promptOf(1, 0);
  ids.premium = await promptOf(2, 0);
  ids.savedPremium = await promptOf(2, 1);
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/my/library', () => {
  it('answers 401 with the envelope to a visitor', async () => {
    const { status, body } = await get(server, '/api/my/library');
    expect(status).toBe(401);
    expect(body.success).toBe(false);
  });

  it('is empty for a member who owns and saved nothing', async () => {
    const { status, body } = await library();
    expect(status).toBe(200);
    expect(body.extend).toEqual({ data: [], total: 0 });
  });

  it('lists owned prompts and saved free ones, newest first, with templates filled in', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes)).toISOString();
    await server.db.query(
      `INSERT INTO user_prompt_access (user_id, prompt_id, source, granted_at) VALUES
         ($1, $2, 'grant', $4), ($1, $3, 'grant', $5)`,
      [userId, ids.fruit, ids.premium, at(1), at(3)],
    );
    await server.db.query(
      `INSERT INTO favorites (user_id, prompt_id, created_at) VALUES ($1, $2, $5), ($1, $3, $6), ($1, $4, $7)`,
      [userId, ids.free, ids.hiddenFree, ids.savedPremium, at(2), at(4), at(5)],
    );
    await server.db.query('UPDATE prompts SET hidden = true WHERE id = $1', [ids.hiddenFree]);

    const { body } = await library();
    // the saved premium prompt is not the member's (it stays under Saved); the hidden free one is gone
    expect(body.extend.data.map((e) => [e.prompt.id, e.source])).toEqual([
      [ids.premium, 'grant'],
      [ids.free, 'saved'],
      [ids.fruit, 'grant'],
    ]);
    expect(body.extend.total).toBe(3);
    expect(body.extend.data[0]!.since).toBe(at(3));
    for (const entry of body.extend.data) {
      expect(entry.prompt.hasAccess).toBe(1);
      expect(entry.template).not.toMatch(/\[Variable \d+\]/);
      expect(entry.template.length).toBeGreaterThan(20);
    }
  });

  it('keeps a bought prompt the shop hides later', async () => {
    await server.db.query('UPDATE prompts SET hidden = true WHERE id = $1', [ids.fruit]);
    const { body } = await library();
    expect(body.extend.data.map((e) => e.prompt.id)).toContain(ids.fruit);
    await server.db.query('UPDATE prompts SET hidden = false WHERE id = $1', [ids.fruit]);
  });

  it("never shows another member's prompts", async () => {
    const demo = await server.tokenFor('demo@example.com');
    const { body } = await library(demo);
    expect(body.extend.data.map((e) => e.prompt.id)).not.toContain(ids.premium);
  });
});

describe('/my-prompts', () => {
  it('is kept out of search engines (robots.txt), as every private page', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body.split('\n')).toContain('Disallow: /my-prompts');
  });
});

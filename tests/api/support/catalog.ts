// Helpers of the catalog API tests: prompts written straight into the test database (the search triggers
// index them like seeded ones), fresh users with tokens, and a server that renders page metadata.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppOptions } from '../../../server/app.ts';
import { signToken } from '../../../server/auth/tokens.ts';
import type { ListQuery } from '../../../server/catalog/list-query.ts';
import type { Queryable } from '../../../server/db/index.ts';
import { createTestServer, type TestServer } from '../../support/server.ts';

export interface FixturePrompt {
  id: number;
  title: string;
  description?: string;
  tags?: string[];
  grade?: 0 | 1 | 2;
  generatorType?: 1 | 2 | 3 | 4;
  template?: string;
  views?: number;
  sales?: number;
  createdAt?: string;
}

/** Writes prompts (ids and slugs must be new); unset fields get plain defaults. */
export async function insertPrompts(db: Queryable, prompts: FixturePrompt[]): Promise<void> {
  for (const p of prompts) {
    const grade = p.grade ?? 0;
    await db.query(
      `INSERT INTO prompts (id, sort_id, slug, title, description, generator_type, grade, price_fruit,
                            price_cents, tags, template, variables, image_count, art, views, sales, created_at)
       VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '[]', 1, $11, $12, $13, $14)`,
      [
        p.id,
        `${p.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}-f${p.id}`,
        p.title,
        p.description ?? 'A plain test prompt. It exists for the search tests.',
        p.generatorType ?? 1,
        grade,
        grade === 1 ? 25 : null,
        grade === 2 ? 499 : null,
        p.tags ?? ['testing'],
        p.template ?? `Template of fixture ${p.id}: a [Variable 1]`,
        JSON.stringify({ scene: 'abstract', palette: ['#101010', '#808080', '#f0f0f0'], seed: p.id }),
        p.views ?? 0,
        p.sales ?? 0,
        p.createdAt ?? '2026-01-01T00:00:00.000Z',
      ],
    );
  }
}

/** A new verified user and a valid token of theirs. */
export async function newUser(server: TestServer, email: string): Promise<{ id: string; token: string }> {
  const user = await server.db.one<{ id: string; name: string; token_version: number }>(
    `INSERT INTO users (email, name, provider, email_verified_at) VALUES ($1, $2, 'email', now())
     RETURNING id, name, token_version`,
    [email, email.split('@')[0]],
  );
  const token = await signToken(
    { id: user.id, name: user.name, tokenVersion: user.token_version },
    server.config.jwtSecret,
  );
  return { id: user.id, token };
}

/** A shell like the built SPA's index.html, with the tags the server replaces. */
export const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The build's own description."
    />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>FruitPrompt — AI prompt marketplace</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A test server over a temporary dist/ whose pages carry their metadata (as server/main.ts runs it).
 * `files` are written into dist/ beside the shell and its script.
 */
export async function createPageServer(
  options: {
    app?: Pick<AppOptions, 'auth' | 'account' | 'share' | 'renderer'>;
    /** The shell's script (default: 3 kB, enough to be compressed). */
    script?: string;
    files?: Record<string, string>;
    /** A build manifest, written to dist/.vite/manifest.json (server/render/styles.ts reads it). */
    manifest?: Record<string, unknown>;
  } = {},
): Promise<TestServer & { dist: string }> {
  const dist = mkdtempSync(join(tmpdir(), 'fp-pages-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(
    join(dist, 'assets', 'index-Ab12.js'),
    options.script ?? `console.log(${JSON.stringify('x'.repeat(3000))});`,
  );
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(dist, name), text);
  if (options.manifest) {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(options.manifest));
  }
  const server = await createTestServer({ distDir: dist, app: { pageMetadata: true, ...options.app } });
  return {
    ...server,
    dist,
    async close() {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** A call of listPrompts for a visitor: the search `q` on the first page of 24, no filter, unless `more`. */
export const listQuery = (q: string | null, more: Partial<ListQuery> = {}): ListQuery => ({
  grade: null,
  generatorType: null,
  tags: [],
  sort: null,
  page: 1,
  pageSize: 24,
  userId: null,
  q,
  ...more,
});

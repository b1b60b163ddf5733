// Issue 15: one search limit. GET /api/prompts?q= takes exactly SEARCH_QUERY_MAX_LENGTH characters (the
// client cuts longer text before it asks), says so in its OpenAPI schema, and the search page's
// metadata names the same cut text the client searches.
import { describe, expect, it } from 'vitest';
import type { PromptPage } from '../../domain/catalog.ts';
import { cutSearchQuery, SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import { createTestServer } from '../support/server.ts';
import { get } from './support/auth.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);

describe('the search limit on the server', () => {
  it('searches a text of exactly the limit and refuses one character more, naming the limit', async () => {
    const atLimit = `portrait ${'x'.repeat(SEARCH_QUERY_MAX_LENGTH - 9)}`;
    expect(atLimit).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    const ok = await get<PromptPage>(server, `/api/prompts?q=${encodeURIComponent(atLimit)}`);
    expect(ok.status).toBe(200);

    const over = await get<PromptPage>(server, `/api/prompts?q=${encodeURIComponent(`${atLimit}y`)}`);
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe(
      `Invalid query parameter 'q': must NOT have more than ${SEARCH_QUERY_MAX_LENGTH} characters`,
    );
  });

  it('documents the limit in /api/openapi.json', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as {
      paths: Record<string, { get?: { parameters?: { name: string; schema: { maxLength?: number } }[] } }>;
    };
    const q = doc.paths['/api/prompts']?.get?.parameters?.find((p) => p.name === 'q');
    expect(q?.schema.maxLength).toBe(SEARCH_QUERY_MAX_LENGTH);
  });

  it('gives a longer search page the canonical address of the text the client searches', async () => {
    const long = 'misty harbour at dawn '.repeat(13).trim(); // 285 characters
    const res = await get<{ data: { canonicalUrl: string } }>(
      server,
      `/api/seo/metadata?pageType=SEARCH&referenceId=${encodeURIComponent(long)}`,
    );
    expect(res.status).toBe(200);
    const canonical = new URL(res.body.extend.data.canonicalUrl);
    expect(canonical.searchParams.get('q')).toBe(cutSearchQuery(long));
  });
});

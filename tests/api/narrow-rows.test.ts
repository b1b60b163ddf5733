// Issue 19: a search reads the row of every match it tests, ranks or counts, so a prompt's row holds what a
// search reads and little else (migration 016): the search documents and tags stay in the row,
// uncompressed; the template, description, example art and variables of a long prompt move to the TOAST
// table, so more prompts share a page and a search of many matches reads fewer pages.
import { describe, expect, it } from 'vitest';
import { listPrompts } from '../../server/catalog/lists.ts';
import { createTestServer } from '../support/server.ts';
import { listQuery } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);

const ROWS = 300;

describe('the rows a search reads', () => {
  it('keep the search documents and tags in the row, uncompressed', async () => {
    const storage = await server.db.query<{ attname: string; attstorage: string }>(
      `SELECT attname, attstorage FROM pg_attribute
       WHERE attrelid = 'prompts'::regclass AND attname IN ('label_doc', 'search_doc', 'tags', 'title_doc')
       ORDER BY attname`,
    );
    expect(storage.map((a) => `${a.attname} ${a.attstorage}`)).toEqual([
      'label_doc p',
      'search_doc p',
      'tags p',
      'title_doc p',
    ]);
  });

  it('move the text a search does not read out of the row, so more prompts share a page', async () => {
    await server.db.exec('VACUUM prompts');
    const before = await server.db.one<{ bytes: number }>(
      `SELECT pg_relation_size('prompts')::integer AS bytes`,
    );
    // prompts with a long template and description, in words as a prompt has them
    await server.db.exec(
      `WITH words AS (
         SELECT ARRAY['lighthouse', 'harbor', 'misty', 'dusk', 'granite', 'cliff', 'lantern', 'gulls', 'tide',
                      'weathered', 'keeper', 'storm', 'amber', 'glow', 'waves', 'rocks', 'fog', 'beacon',
                      'painted', 'shutters', 'salt', 'spray', 'horizon', 'copper', 'sky', 'ships', 'north',
                      'sea', 'wind', 'rain', 'cinematic', 'lighting', 'wide', 'angle', 'lens', 'texture'] AS w
       ),
       text_of AS (
         SELECT i, k, (SELECT w[1 + ((i * 7919 + k * 104729) % 36)] FROM words) AS word
         FROM generate_series(1, ${ROWS}) AS i, generate_series(1, 170) AS k
       )
       INSERT INTO prompts (id, sort_id, slug, title, description, generator_type, grade, tags, template,
                            variables, image_count, art)
       SELECT 900000 + i, 900000 + i, 'long-lighthouse-' || i, 'Long lighthouse ' || i,
              string_agg(word, ' ' ORDER BY k) FILTER (WHERE k <= 170),
              1, 0, ARRAY['lighthouse', 'coast'],
              string_agg(word || ' ' || k || ' [cliff]', ', ' ORDER BY k DESC),
              '[{"name":"cliff"}]'::jsonb, 2, '{"palette":["#123456","#abcdef"]}'::jsonb
       FROM text_of GROUP BY i`,
    );
    const after = await server.db.one<{ bytes: number; text: number }>(
      `SELECT pg_relation_size('prompts')::integer AS bytes,
              (SELECT sum(octet_length(template) + octet_length(description))::integer
               FROM prompts WHERE id > 900000) AS text`,
    );
    // each row's template and description are over 4 kB before compression
    expect(after.text / ROWS).toBeGreaterThan(4000);
    // six of them to a page of 8 kB (five before: 1,638 bytes of heap each; the bench's catalog of 100,000
    // prompts: 195 → 133 MB)
    expect((after.bytes - before.bytes) / ROWS).toBeLessThan(1500);

    // and they are found, and read back whole
    const found = await listPrompts(server.db, listQuery('lighthouse'));
    expect(found.total).toBeGreaterThanOrEqual(ROWS);
    const one = await server.db.one<{ description: string }>(
      'SELECT description FROM prompts WHERE id = 900001',
    );
    expect(one.description.split(' ')).toHaveLength(170);
  });
});

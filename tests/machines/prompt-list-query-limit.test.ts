// Mutation: promptList
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ListQuery } from '../../domain/catalog.ts';
import { cutSearchQuery, SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import { promptListMachine } from '../../machines/catalog/prompt-list.ts';
import { pageFixture } from '../support/fixtures.ts';

// Issue 15: whoever sends a search to the list, it asks the catalog for at most the search limit.
describe('promptList and the search limit', () => {
  it('searches a text longer than the limit cut at a word boundary, never failing on it', async () => {
    const asked: ListQuery[] = [];
    const actor = createActor(
      promptListMachine.provide({
        actors: {
          fetchPromptPage: fromPromise(async ({ input }: { input: ListQuery }) => {
            asked.push(input);
            return pageFixture(2);
          }),
        },
      }),
    ).start();
    const long = 'misty harbour at dawn '.repeat(30);
    actor.send({ type: 'list.load', query: { q: long, page: 1 } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual([{ q: cutSearchQuery(long), page: 1 }]);
    expect(asked[0]!.q!.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_LENGTH);
    expect(actor.getSnapshot().context.query.q).toBe(cutSearchQuery(long));

    // the same long text again is the same query: the list shown stays
    actor.send({ type: 'list.load', query: { q: long, page: 1 } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(asked).toHaveLength(1);
    actor.stop();
  });

  it('leaves a list without a search text as it was asked for', async () => {
    const asked: ListQuery[] = [];
    const actor = createActor(
      promptListMachine.provide({
        actors: {
          fetchPromptPage: fromPromise(async ({ input }: { input: ListQuery }) => {
            asked.push(input);
            return pageFixture(1);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'list.load', query: { grade: 1, page: 2 } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual([{ grade: 1, page: 2 }]);
    actor.stop();
  });
});

// Mutation: promptList
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { promptListMachine } from '../../machines/catalog/prompt-list.ts';
import { pageFixture } from '../support/fixtures.ts';
import type { ListQuery, PromptPage } from '../../domain/catalog.ts';

describe('promptList behaviour', () => {
  it('shows the page kept for a history entry at once when going back to it, then refreshes it', async () => {
    const resolvers: ((v: PromptPage) => void)[] = [];
    const inputs: ListQuery[] = [];
    const actor = createActor(
      promptListMachine.provide({
        actors: {
          fetchPromptPage: fromPromise(
            ({ input }) => (inputs.push(input), new Promise<PromptPage>((r) => resolvers.push(r))),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'list.load', query: { grade: 0 }, entry: 'home' });
    resolvers.shift()!(pageFixture(3));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.load', query: { grade: 1 }, entry: 'category' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    resolvers.shift()!(pageFixture(2));
    await waitFor(actor, (s) => s.matches('ready'));

    actor.send({ type: 'list.load', query: { grade: 0 }, entry: 'home' });
    let shown = actor.getSnapshot();
    expect(shown.hasTag('loading')).toBe(false);
    expect(shown.hasTag('ready')).toBe(true);
    expect(shown.context.page?.data).toHaveLength(3);
    expect(inputs.at(-1)).toEqual({ grade: 0 });
    resolvers.shift()!({ ...pageFixture(4), total: 4 });
    shown = await waitFor(actor, (s) => s.matches('ready'));
    expect(shown.context.page?.data).toHaveLength(4);

    // a new visit to the same list (another entry) is fetched as any other
    actor.send({ type: 'list.load', query: { grade: 1 }, entry: 'category-again' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('keeps what a refresh could not fetch, and forgets kept pages when the viewer switches', async () => {
    let fail = false;
    const actor = createActor(
      promptListMachine.provide({
        actors: {
          fetchPromptPage: fromPromise(async ({ input }) => {
            if (fail) throw new Error('offline');
            return pageFixture(input.grade === 0 ? 3 : 2);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'list.load', query: { grade: 0 }, entry: 'a' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.load', query: { grade: 1 }, entry: 'b' });
    await waitFor(actor, (s) => s.matches('ready'));
    fail = true;
    actor.send({ type: 'list.load', query: { grade: 0 }, entry: 'a' });
    const stale = await waitFor(actor, (s) => s.matches('ready'));
    expect(stale.context.page?.data).toHaveLength(3);
    expect(stale.context.error).toBeNull();

    fail = false;
    actor.send({ type: 'viewer.changed', viewer: 'member-token' });
    actor.send({ type: 'viewer.changed', viewer: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.load', query: { grade: 1 }, entry: 'b' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('keeps the pages of the last 12 entries', async () => {
    const actor = createActor(
      promptListMachine.provide({ actors: { fetchPromptPage: fromPromise(async () => pageFixture(1)) } }),
    ).start();
    for (let n = 1; n <= 13; n++) {
      actor.send({ type: 'list.load', query: { page: n }, entry: `e${n}` });
      await waitFor(actor, (s) => s.matches('ready'));
    }
    actor.send({ type: 'list.load', query: { page: 2 }, entry: 'e2' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.load', query: { page: 1 }, entry: 'e1' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('keeps a shown list when the same query comes again (going back)', async () => {
    let calls = 0;
    const actor = createActor(
      promptListMachine.provide({
        actors: { fetchPromptPage: fromPromise(async () => (calls++, pageFixture(3))) },
      }),
    ).start();
    actor.send({ type: 'list.load', query: { grade: 2 } });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'list.load', query: { grade: 2, page: 1, sort: 'trending' } });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(calls).toBe(1);
    actor.send({ type: 'list.load', query: { grade: 1 } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('drops a late answer for a replaced query', async () => {
    const resolvers: ((v: ReturnType<typeof pageFixture>) => void)[] = [];
    const actor = createActor(
      promptListMachine.provide({
        actors: { fetchPromptPage: fromPromise(() => new Promise((r) => resolvers.push(r))) },
      }),
    ).start();
    actor.send({ type: 'list.load', query: { page: 1 } });
    actor.send({ type: 'list.load', query: { page: 2 } });
    resolvers[0]!(pageFixture(1));
    resolvers[1]!({ ...pageFixture(5), page: 2 });
    const done = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(done.context.page?.page).toBe(2);
    expect(done.context.page?.data).toHaveLength(5);
  });

  it('shows the fetcher’s message, then retries the same query', async () => {
    let attempt = 0;
    const actor = createActor(
      promptListMachine.provide({
        actors: {
          fetchPromptPage: fromPromise(async ({ input }) => {
            attempt++;
            if (attempt === 1) throw new Error("Can't reach FruitPrompt right now.");
            return { ...pageFixture(1), page: input.page ?? 1 };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'list.load', query: { page: 3 } });
    const failed = await waitFor(actor, (s) => s.hasTag('error'));
    expect(failed.context.error).toBe("Can't reach FruitPrompt right now.");
    actor.send({ type: 'list.retry' });
    const ok = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(ok.context.page?.page).toBe(3);
    expect(ok.context.error).toBeNull();
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { promptListModel } from '../models/prompt-list.ts';
import { pathsOf } from '../models/types.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { promptListMachine } from '../../machines/prompt-list.ts';
import { CoverageRecorder, controlledActors, replayOnActor } from '../support/model.ts';
import { pageFixture } from '../support/fixtures.ts';

const recorder = new CoverageRecorder(promptListMachine);
afterAll(() => recorder.save());

describe('promptList model', () => {
  const paths = pathsOf(promptListModel);

  it('reaches idle, loading, ready, loadingMore and error', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(['idle', 'loading', 'ready', 'loadingMore', 'error']),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const controlled = controlledActors(['fetchPromptPage']);
      const actor = await replayOnActor(promptListMachine, path, {
        controlled,
        recorder,
        check: (actual, expected) => {
          expect(actual.context.error).toEqual(expected.context.error);
          expect(actual.context.page?.data.length).toEqual(expected.context.page?.data.length);
          expect(actual.context.viewer).toEqual(expected.context.viewer);
          for (const tag of ['loading', 'ready', 'error'])
            expect(actual.hasTag(tag)).toBe(expected.hasTag(tag));
        },
      });
      // every load asked the fetcher for the query it was given, the last one last
      const loads = path.steps.filter((st) => st.event.type === 'list.load').map((st) => st.event.query);
      const last = controlled.calls.at(-1)?.input as { page?: number } | undefined;
      if (last) expect({ ...last, page: (loads.at(-1) as { page?: number }).page }).toEqual(loads.at(-1));
      actor.stop();
    });
  }
});

describe('promptList behaviour', () => {
  it('appends the next page on "Show more" and stops when all are shown', async () => {
    const actor = createActor(
      promptListMachine.provide({
        actors: {
          fetchPromptPage: fromPromise(async ({ input }) => ({
            ...pageFixture(2, 5),
            page: input.page ?? 1,
            pageSize: 2,
            data: pageFixture(2).data.map((c) => ({ ...c, id: c.id + 10 * ((input.page ?? 1) - 1) })),
          })),
        },
      }),
    ).start();
    actor.send({ type: 'list.load', query: { grade: 1 } });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.more' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.page?.data.map((c) => c.id)).toEqual([1, 2, 11, 12, 21, 22]);
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
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

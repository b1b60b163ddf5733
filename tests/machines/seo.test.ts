// Mutation: seo
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SEO_CACHE_LIMIT, seoMachine, type SeoEmitted } from '../../machines/shell/seo.ts';
import { defaultSeo, detailReferenceOf, type SeoMeta } from '../../domain/seo.ts';
import { normaliseSeo } from '../../domain/seo-answer.ts';
import { flushPromises } from '../support/model.ts';
import { seoMeta } from '../models/seo.ts';

const meta = seoMeta;

describe('seo rules (requirements §2, §7, §9)', () => {
  const start = (answer: () => Promise<SeoMeta | null>) => {
    const clock = new SimulatedClock();
    const applied: string[] = [];
    const emitted: SeoEmitted['type'][] = [];
    let calls = 0;
    const actor = createActor(
      seoMachine.provide({
        actors: { fetchSeo: fromPromise(() => (calls++, answer())) },
        actions: { applyMetadata: (_, p) => applied.push(p.meta.metaTitle) },
      }),
      { clock },
    );
    actor.on('*', (e) => emitted.push(e.type));
    actor.start();
    return { clock, actor, applied, emitted, calls: () => calls };
  };

  it('waits the 100 ms check delay, caches per page/reference/language, and reports success', async () => {
    const { clock, actor, applied, emitted, calls } = start(async () => meta);
    actor.send({ type: 'seo.page', pageType: 'DETAIL', referenceId: '7' });
    clock.increment(99);
    await flushPromises();
    expect(calls()).toBe(0);
    clock.increment(1);
    await flushPromises();
    expect(applied).toEqual([meta.metaTitle]);
    expect(emitted).toEqual(['seo.success']);
    actor.send({ type: 'seo.page', pageType: 'DETAIL', referenceId: '7' });
    clock.increment(100);
    await flushPromises();
    expect(calls()).toBe(1);
    expect(applied).toEqual([meta.metaTitle, meta.metaTitle]);
    actor.send({ type: 'seo.page', pageType: 'DETAIL', referenceId: '7', language: 'de' });
    clock.increment(100);
    await flushPromises();
    expect(calls()).toBe(2);
  });

  it('applies only the last of a quick run of pages', async () => {
    const { clock, actor, calls } = start(async () => meta);
    actor.send({ type: 'seo.page', pageType: 'HOME' });
    clock.increment(50);
    actor.send({ type: 'seo.page', pageType: 'SEARCH', referenceId: 'portrait' });
    clock.increment(100);
    await flushPromises();
    expect(calls()).toBe(1);
    expect(actor.getSnapshot().context.request?.pageType).toBe('SEARCH');
  });

  it('falls back to the page type’s built-in texts and reports the error', async () => {
    const { clock, actor, applied, emitted } = start(async () => {
      throw new Error('offline');
    });
    actor.send({
      type: 'seo.page',
      pageType: 'CATEGORY',
      referenceId: 'free_prompts',
      canonicalUrl: 'http://localhost/category/free-prompts',
    });
    clock.increment(100);
    await flushPromises();
    expect(applied).toEqual([defaultSeo('CATEGORY').metaTitle]);
    expect(actor.getSnapshot().context.applied?.canonicalUrl).toBe('http://localhost/category/free-prompts');
    expect(emitted).toEqual(['seo.error']);
  });

  it('reads camelCase and snake_case answers and the slug reference rule', () => {
    expect(
      normaliseSeo({ meta_title: 'T', og_image: 'http://x/i.webp', schema_json: { '@type': 'Product' } }),
    ).toMatchObject({
      metaTitle: 'T',
      ogImage: 'http://x/i.webp',
      schemaJson: '{"@type":"Product"}',
    });
    expect(normaliseSeo({ metaDescription: 'no title' })).toBeNull();
    expect(detailReferenceOf('misty-alpine-lake-17')).toBe('17');
    expect(detailReferenceOf('no-number-here')).toBe('no-number-here');
  });
});

describe('seo cache', () => {
  it(`keeps the metadata of the last ${SEO_CACHE_LIMIT} pages only, so a long visit does not grow memory`, async () => {
    const clock = new SimulatedClock();
    const asked: string[] = [];
    const actor = createActor(
      seoMachine.provide({
        actors: {
          fetchSeo: fromPromise(async ({ input }) => {
            asked.push(input.referenceId ?? '');
            return { ...seoMeta, metaTitle: `Prompt ${input.referenceId}` };
          }),
        },
      }),
      { clock },
    ).start();
    const visit = async (id: number) => {
      actor.send({ type: 'seo.page', pageType: 'DETAIL', referenceId: String(id) });
      clock.increment(100);
      await flushPromises();
    };
    for (let id = 1; id <= SEO_CACHE_LIMIT + 15; id++) await visit(id);
    const keys = Object.keys(actor.getSnapshot().context.cache);
    expect(keys).toHaveLength(SEO_CACHE_LIMIT);
    expect(keys.at(-1)).toContain(`|${SEO_CACHE_LIMIT + 15}|`);
    // the newest pages still come from the cache; the first one is asked for again
    await visit(SEO_CACHE_LIMIT + 15);
    await visit(1);
    expect(asked.filter((id) => id === String(SEO_CACHE_LIMIT + 15))).toHaveLength(1);
    expect(asked.filter((id) => id === '1')).toHaveLength(2);
    expect(actor.getSnapshot().context.applied?.metaTitle).toBe('Prompt 1');
    actor.stop();
  });
});

// seo against its independent model (tests/models/spec/seo.ts): every path of the model replayed on
// the machine, and a long visit of 41 pages that shows the cache keeps the last 40. The call to
// GET /api/seo/metadata is a controlled effect; what the page shows is what `applyMetadata` applies to
// the document (a recording fake), and what it reports is what the machine emits.
import { describe, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { SeoMeta } from '../../domain/seo.ts';
import { seoMachine } from '../../machines/shell/seo.ts';
import { replaySpecPath, specPaths, type SpecPath, type SpecStep } from '../support/spec-model.ts';
import { ANSWER, seoSpec, SEO_CHECK_DELAY, type SeoPage, type SeoState } from '../models/spec/seo.ts';

const FIELDS: (keyof SeoMeta)[] = [
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'ogTitle',
  'ogDescription',
  'ogImage',
  'twitterCard',
  'schemaJson',
  'canonicalUrl',
];
/** The fields in one order, so that the comparison does not depend on how the object was built. */
const fieldsOf = (m: SeoMeta) => Object.fromEntries(FIELDS.map((f) => [f, m[f]]));

/** Per replayed actor: what it applied to the document and what it reported. */
const seen = new WeakMap<AnyActorRef, { applied: SeoMeta[]; reported: unknown[] }>();
let applying: SeoMeta[] = [];

const machine = seoMachine.provide({
  actions: { applyMetadata: (_, { meta }: { meta: SeoMeta }) => void applying.push(meta) },
});

const target = {
  machine,
  effects: ['fetchSeo'],
  observe: ({ actor }: { actor: AnyActorRef }) => {
    if (!seen.has(actor)) {
      // the replay starts one actor at a time: what it applied so far is its own
      const own = { applied: (applying = []), reported: [] as unknown[] };
      seen.set(actor, own);
      actor.on('*', (e: { type: string }) => own.reported.push(e));
    }
    const own = seen.get(actor)!;
    return { applied: own.applied.map(fieldsOf), reported: own.reported };
  },
};

const model = seoSpec();
const expectOf = model.expect;
model.expect = (s) => {
  const e = expectOf(s) as { applied: SeoMeta[]; reported: unknown[] };
  return { ...e, applied: e.applied.map(fieldsOf) };
};

/** A path of the given steps, with the states the model expects after each. */
const pathOf = (title: string, steps: SpecStep[]): SpecPath<SeoState> => {
  let state = model.initial;
  return { title, steps: steps.map((step) => ({ step, state: (state = model.next(state, step)) })) };
};
const detail = (id: number): SeoPage => ({ type: 'seo.page', pageType: 'DETAIL', referenceId: String(id) });
/** Opening a detail page: the check, then (when it is asked for) its answer. */
const visit = (id: number, asked: boolean): SpecStep[] => [
  { send: detail(id) },
  { wait: SEO_CHECK_DELAY },
  ...(asked ? [{ settle: 'fetchSeo', output: { ...ANSWER, metaTitle: `Prompt ${id}` } }] : []),
];

describe(`seo against ${model.spec}`, () => {
  for (const path of specPaths(model)) it(path.title, () => replaySpecPath(model, target, path));

  const long = pathOf(
    'detail pages 1 to 41 (each asked for) · 41 again (cached) · 1 again (asked for: the oldest was dropped) · 3 (cached) · 2 (asked for: dropped for 1)',
    [
      ...Array.from({ length: 41 }, (_, i) => visit(i + 1, true)).flat(),
      ...visit(41, false),
      ...visit(1, true),
      ...visit(3, false),
      ...visit(2, true),
    ],
  );
  it(long.title, () => replaySpecPath(model, target, long));
});

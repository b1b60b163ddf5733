// seo against its independent model (tests/models/spec/seo.ts): every path of the model replayed on
// the machine by the shared harness, and a long visit of 41 pages that shows the cache keeps the last
// 40. The call to GET /api/seo/metadata is a controlled effect; what the page shows is what
// `applyMetadata` applies to the document (a recording fake), and what it reports is what the machine
// emits.
import type { SeoMeta } from '../../domain/seo.ts';
import { seoMachine } from '../../machines/shell/seo.ts';
import type { SpecStep } from '../support/spec-model.ts';
import { describeModel, pathOf, walk } from '../support/spec-replay.ts';
import { ANSWER, seoSpec, SEO_CHECK_DELAY, type SeoPage } from '../models/spec/seo.ts';

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

const model = seoSpec();
const expectOf = model.expect;
model.expect = (s) => {
  const e = expectOf(s) as { applied: SeoMeta[]; reported: unknown[] };
  return { ...e, applied: e.applied.map(fieldsOf) };
};

const detail = (id: number): SeoPage => ({ type: 'seo.page', pageType: 'DETAIL', referenceId: String(id) });
/** Opening a detail page: the check, then (when it is asked for) its answer. */
const visit = (id: number, asked: boolean): SpecStep[] => [
  { send: detail(id) },
  { wait: SEO_CHECK_DELAY },
  ...(asked ? [{ settle: 'fetchSeo', output: { ...ANSWER, metaTitle: `Prompt ${id}` } }] : []),
];

describeModel({
  walks: [walk('', model)],
  paths: (_, walked) => [
    pathOf(
      walked,
      'detail pages 1 to 41 (each asked for) · 41 again (cached) · 1 again (asked for: the oldest was dropped) · 3 (cached) · 2 (asked for: dropped for 1)',
      [
        ...Array.from({ length: 41 }, (_, i) => visit(i + 1, true)).flat(),
        ...visit(41, false),
        ...visit(1, true),
        ...visit(3, false),
        ...visit(2, true),
      ],
    ),
  ],
  target: () => {
    // what this replay's actor applied to the document and reported (what it emits, from the start)
    const applied: SeoMeta[] = [];
    const reported: unknown[] = [];
    let listening = false;
    return {
      machine: seoMachine.provide({
        actions: { applyMetadata: (_, { meta }: { meta: SeoMeta }) => void applied.push(meta) },
      }),
      effects: ['fetchSeo'],
      observe: ({ actor }) => {
        if (!listening) {
          listening = true;
          actor.on('*', (e: { type: string }) => void reported.push(e));
        }
        return { applied: applied.map(fieldsOf), reported };
      },
    };
  },
});

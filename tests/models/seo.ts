// The page's title, description and canonical link: asked for 100 ms after a page opens, cached per
// page, the page type's own texts when the answer is missing.
import type { AnyMachineSnapshot } from 'xstate';
import { defaultSeo, type SeoMeta } from '../../domain/seo.ts';
import { seoMachine, type SeoContext } from '../../machines/shell/seo.ts';
import type { MachineModel } from './types.ts';

export const seoMeta: SeoMeta = {
  ...defaultSeo('DETAIL'),
  metaTitle: 'Misty Alpine Lake — FruitPrompt',
  canonicalUrl: 'http://localhost/detail/misty-alpine-lake-7',
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  seo: "The browser tab's title and the page's meta description and canonical link",
  'seo.idle': 'The title and description of the last page (the site default at first)',
  'seo.waiting': "The previous page's title, for 100 ms after a page opens",
  'seo.checking': "The previous page's title while the cache is checked",
  'seo.fetching': "The previous page's title while the page's texts are asked for",
  'seo.applying': 'The tab title and description of this page',
  'seo.fallingBack': "The page type's built-in title and description",
};

export const seoModel: MachineModel = {
  sees: SEES,
  machine: seoMachine,
  actors: ['fetchSeo'],
  samples: {
    'seo.page': [
      { type: 'seo.page', pageType: 'DETAIL', referenceId: '7' },
      { type: 'seo.page', pageType: 'HOME', canonicalUrl: 'http://localhost/' },
    ],
    'xstate.done.actor.fetchSeo': [
      { type: 'xstate.done.actor.fetchSeo', output: seoMeta },
      { type: 'xstate.done.actor.fetchSeo', output: null },
    ],
    'xstate.error.actor.fetchSeo': [{ type: 'xstate.error.actor.fetchSeo', error: new Error('x') }],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as SeoContext;
    return `${JSON.stringify(s.value)} ${JSON.stringify(c.request)} ${Object.keys(c.cache).join(',')} ${c.applied?.metaTitle ?? ''}`;
  },
  observe: (c: SeoContext) => c.applied,
  maxSteps: 8,
};

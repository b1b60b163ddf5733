// The page whose metadata the head shows: opening a page of the path's type (the same page again:
// coming back to it from a page without metadata). Which page stands for a type is each harness's.
import type { SeoState } from '../models/spec/seo.ts';
import { open, type PageDriver } from '../support/page-driver.ts';

export const seoDriver = (pageOf: (pageType: string) => string): PageDriver<SeoState> => ({
  'seo.page': (event) => [open(pageOf(event.pageType as string))],
});

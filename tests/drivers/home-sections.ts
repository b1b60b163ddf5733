// The home page's shelves: coming (back) home loads them, "Reload sections" after a failure. The
// session's `viewer.changed` is each harness's own.
import type { HomeSectionsState } from '../models/spec/home-sections.ts';
import { button, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const homeSectionsDriver: PageDriver<HomeSectionsState> = {
  // from another page
  'home.load': () => [open('/')],
  'home.retry': () => [click(button('Reload sections', main))],
};

// A grid of prompts: "Try again" after a failed load. Which page a load (`list.load`) opens is each
// harness's own: the jsdom replay walks home, the header's search and Recommended with Back and
// Forward (the model's queries), the browser script category pages (the demo data's).
import type { PromptListState } from '../models/spec/prompt-list.ts';
import { button, click, main, type PageDriver } from '../support/page-driver.ts';

export const promptListDriver: PageDriver<PromptListState> = {
  'list.retry': () => [click(button('Try again', main))],
};

// A prompt's page: opening /detail/<slugId> loads the prompt, then its related prompts; "Try again"
// on the page or in "You may also like". The session's `viewer.changed` is each harness's own.
import type { PromptDetailState } from '../models/spec/prompt-detail.ts';
import { button, click, main, open, region, type PageDriver } from '../support/page-driver.ts';

export const promptDetailDriver: PageDriver<PromptDetailState> = {
  // following a link to it: to the page shown, it loads again in its own entry (keeping what it shows)
  'detail.load': (event) => [open(`/detail/${event.id as string}`, 'again')],
  'detail.retry': () => [click(button('Try again', main))],
  'detail.relatedRetry': () => [click(button('Try again', region('You may also like')))],
};

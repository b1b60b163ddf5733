// A category grid: opening a category's address loads its first (or asked-for) page (paging is by
// address), "Try again" after a failure. `viewer.changed`
// is the session's announcement after the demo member signs in (a token) or out (null); the same
// viewer again no person announces: sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { promptListDriver } from '../../drivers/prompt-list.ts';
import { changeViewer, navigate } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

/** Each grade's category, by its own path and by its reference id (the same list, another address). */
const CATEGORY: Record<number, [string, string]> = {
  0: ['/category/free-prompts', '/category/free_prompts'],
  1: ['/category/fruit-prompts', '/category/fruit_prompts'],
  2: ['/category/premium-prompts', '/category/premium_prompts'],
};

export const promptListScript: BrowserScript = {
  machineId: 'promptList',
  effects: { fetchPromptPage: 'listPrompts' },
  start: '/terms',
  // a category, another, then Back: the first one's cards at once while they are fetched again
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'list.load {"query":{"page":1},"entry":"e1"} → loading home@e1 · fetchPromptPage answers {"data":[{"id":1,"slugId":"lake-1","title":"Lak... → ready home@e1 showing home#0 kept e1',
  async act(event, step) {
    const { page, before } = step;
    switch (event.type) {
      case 'list.load': {
        // an entry the list has shown before is one a person goes Back to (the model walks two)
        const entry = event.entry as string | undefined;
        const context = before.context as { entry: string | null; kept: { entry: string }[] };
        if (entry && entry !== context.entry && context.kept.some((k) => k.entry === entry)) {
          await page.evaluate(() => history.back());
          return;
        }
        const query = event.query as { grade?: number; page?: number };
        const search = query.page && query.page > 1 ? `?page=${query.page}` : '';
        const [own, byReference] = CATEGORY[query.grade ?? 0]!;
        // the same address again is no new navigation: a person follows the category's other link
        const current = new URL(page.url());
        const here = `${current.pathname}${current.search}`;
        await navigate(page, here === `${own}${search}` ? `${byReference}${search}` : `${own}${search}`);
        return;
      }
      case 'viewer.changed':
        return changeViewer(page, event.viewer as string | null, DEMO_MEMBER);
      default:
        return take(promptListDriver, event, step);
    }
  },
};

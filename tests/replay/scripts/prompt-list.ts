// A category grid: opening a category's address loads its first (or asked-for) page, "Show more"
// appends the next, "Try again" after a failure. `viewer.changed`
// is the session's announcement after the demo member signs in (a token) or out (null); the same
// viewer again no person announces: sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { changeViewer, click, navigate } from '../actions.ts';
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
  testPath: '33',
  async act(event, { page }) {
    const grid = page.getByRole('region', { name: 'Prompts' });
    switch (event.type) {
      case 'list.load': {
        const query = event.query as { grade?: number; page?: number };
        const search = query.page && query.page > 1 ? `?page=${query.page}` : '';
        const [own, byReference] = CATEGORY[query.grade ?? 0]!;
        // the same address again is no new navigation: a person follows the category's other link
        const current = new URL(page.url());
        const here = `${current.pathname}${current.search}`;
        await navigate(page, here === `${own}${search}` ? `${byReference}${search}` : `${own}${search}`);
        return;
      }
      case 'list.retry':
        await click(grid.getByRole('button', { name: 'Try again' }));
        return;
      case 'list.more':
        await click(grid.getByRole('button', { name: 'Show more' }));
        return;
      case 'viewer.changed':
        return changeViewer(page, event.viewer as string | null, DEMO_MEMBER);
      default:
        return false;
    }
  },
};

// A prompt's page: opening /detail/{slugId} loads the prompt, then its related prompts; "Try again"
// on the page or in "You may also like". `viewer.changed`
// is the session's announcement after the demo member signs in (a token) or out (null); the same
// viewer again no person announces: sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { promptDetailDriver } from '../../drivers/prompt-detail.ts';
import { changeViewer } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript, LiveView } from '../types.ts';
import * as view from '../../../machines/catalog/prompt-detail.selectors.ts';

type Snapshot = Parameters<typeof view.status>[0];
/** The page shows the prompt and its related shelf only while loading or ready with a prompt. */
const shows = ({ snapshot }: LiveView) => {
  const s = snapshot as Snapshot;
  return ['loading', 'ready'].includes(view.status(s)) && view.prompt(s) !== null;
};

export const promptDetailScript: BrowserScript = {
  machineId: 'promptDetail',
  effects: { fetchPrompt: 'getPrompt', fetchRelated: 'getRelated' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'detail.load {"id":"misty-lake-7"} → loading misty-lake-7 · fetchPrompt answers {"found":true,"prompt":{"id":7,"slugId":"misty-... → ready.loading misty-lake-7',
  // as the detail page reads them (tests/machines/prompt-detail.model.test.ts): the prompt and its
  // related shelf only where the page shows them, the reason only on the error view
  views: {
    prompt: { actual: (live) => (shows(live) ? view.prompt(live.snapshot as Snapshot) : null) },
    error: {
      actual: ({ snapshot }) =>
        view.status(snapshot as Snapshot) === 'error' ? view.error(snapshot as Snapshot) : null,
    },
    related: { actual: (live) => (shows(live) ? view.related(live.snapshot as Snapshot) : []) },
    relatedPhase: { actual: (live) => (shows(live) ? view.relatedPhase(live.snapshot as Snapshot) : null) },
  },
  async act(event, step) {
    const { page } = step;
    if (event.type === 'viewer.changed')
      return changeViewer(page, event.viewer as string | null, DEMO_MEMBER);
    return take(promptDetailDriver, event, step);
  },
};

import type { SnapshotFrom } from 'xstate';
import type { PromptPage } from '../../domain/catalog.ts';
import type { promptListMachine } from './prompt-list.ts';

type Snapshot = SnapshotFrom<typeof promptListMachine>;

/** What the grid shows: skeleton cards, the page, or the error view. */
export const status = (s: Snapshot): 'loading' | 'error' | 'ready' =>
  s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading';

/** The page of prompts shown. */
export const page = (s: Snapshot): PromptPage | null => s.context.page;

export const error = (s: Snapshot): string | null => s.context.error;

/** How the Recommended page's picks were made, once a page of them is shown (null until then). */
export const recommendedMode = (s: Snapshot): 'personal' | 'popular' | null =>
  s.context.query.source === 'recommended' && s.context.page ? (s.context.page.mode ?? 'popular') : null;

/** The tags the member's picks follow (Recommended's lead line). */
export const recommendedBecause = (s: Snapshot): string[] | undefined => s.context.page?.because;

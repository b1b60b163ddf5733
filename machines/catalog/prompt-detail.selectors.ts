import type { SnapshotFrom } from 'xstate';
import type { PromptCard, PromptFull } from '../../domain/catalog.ts';
import type { promptDetailMachine } from './prompt-detail.ts';

type Snapshot = SnapshotFrom<typeof promptDetailMachine>;

/** What the detail page shows: its skeleton, the prompt, "Prompt Not Found", or the error view. */
export const status = (s: Snapshot): 'loading' | 'error' | 'notFound' | 'ready' =>
  s.hasTag('ready') ? 'ready' : s.hasTag('notFound') ? 'notFound' : s.hasTag('error') ? 'error' : 'loading';

/** The prompt shown (kept while the same one reloads). */
export const prompt = (s: Snapshot): PromptFull | null => s.context.prompt;

export const error = (s: Snapshot): string | null => s.context.error;

/** "You may also like": the related prompts. */
export const related = (s: Snapshot): PromptCard[] => s.context.related;

/** The related prompts' shelf: skeletons, the cards, or a retry. */
export const relatedPhase = (s: Snapshot): 'loading' | 'shown' | 'failed' =>
  s.hasTag('relatedFailed') ? 'failed' : s.hasTag('relatedShown') ? 'shown' : 'loading';

/** The id (slug) of the prompt the page shows: what Buy now names as its detail page. */
export const id = (s: Snapshot): string | null => s.context.id;

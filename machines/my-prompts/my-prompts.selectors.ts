import type { SnapshotFrom } from 'xstate';
import type { Library, LibraryEntry, LibrarySource, myPromptsMachine } from './my-prompts.ts';

type Snapshot = SnapshotFrom<typeof myPromptsMachine>;

/** The tabs of My Prompts: everything, the bought (or granted) ones, the saved free ones. */
export type Shelf = 'all' | 'bought' | 'saved';
export const SHELVES: readonly Shelf[] = ['all', 'bought', 'saved'];

const onShelf = (shelf: Shelf, source: LibrarySource): boolean =>
  shelf === 'all' || (shelf === 'saved' ? source === 'saved' : source !== 'saved');

const EMPTY: Record<Shelf, LibraryEntry[]> = { all: [], bought: [], saved: [] };
/** Each answer's shelves, worked out once. */
const worked = new WeakMap<Library, Record<Shelf, LibraryEntry[]>>();
const shelvesOf = (library: Library): Record<Shelf, LibraryEntry[]> => {
  let found = worked.get(library);
  if (!found) {
    const [all, bought, saved] = SHELVES.map((shelf) => library.data.filter((e) => onShelf(shelf, e.source)));
    worked.set(library, (found = { all: all!, bought: bought!, saved: saved! }));
  }
  return found;
};

/** What My Prompts shows: its skeleton (before the first load too), the prompts, or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading';
/** Why the prompts could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The prompts of each tab, newest first (every tab empty while they load): the same object until they change. */
export const shelves = (s: Snapshot): Record<Shelf, LibraryEntry[]> =>
  s.context.library ? shelvesOf(s.context.library) : EMPTY;
/** How many the member has beyond those listed (a library larger than one answer). */
export const unlisted = (s: Snapshot): number =>
  Math.max(0, (s.context.library?.total ?? 0) - (s.context.library?.data.length ?? 0));
/** The prompt whose template is being copied, or null. */
export const copying = (s: Snapshot): number | null => (s.hasTag('copying') ? s.context.copying : null);

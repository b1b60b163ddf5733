// The queue one toast's model paths (tests/models/spec/toast-item.ts) are replayed in, shared by its
// model test (tests/machines/toast-item.model.test.ts) and `npm run replay -- toastItem <walk> <n>`,
// which replays the same paths in Node (tests/replay/node-runner.ts): a queue of one runs the toast
// (given a duration, or the default) and writes down what the toast tells it.
import { assign, setup, type AnyEventObject } from 'xstate';
import { toastItemMachine } from '../../machines/shell/toast-item.ts';
import type { ReplayTarget } from './spec-model.ts';

/**
 * The catalogue's walks of toastItem (tests/models/spec/index.ts), by label: the duration the toast
 * is given (none: its default, `toastItemSpec()`; 4000 ms, `toastItemSpec(4000)`).
 */
export const TOAST_ITEM_WALKS: Record<string, number | undefined> = { default: undefined, '4000 ms': 4000 };

/** A queue of one: it runs the toast and writes down what it hears. */
const queueOf = (duration?: number) =>
  setup({
    types: { context: {} as { heard: string[] } },
    actors: { toastItem: toastItemMachine },
  }).createMachine({
    context: { heard: [] },
    invoke: { id: 't1', src: 'toastItem', input: { id: 't1', ...(duration ? { duration } : {}) } },
    on: {
      // a person's dismissal reaches the toast while it runs
      'toast.dismiss': {
        actions: ({ self }) => self.getSnapshot().children.t1?.send({ type: 'toast.dismiss' }),
      },
      '*': {
        guard: ({ event }) => event.type.startsWith('toast.'),
        actions: assign({
          heard: ({ context, event }) => [
            ...context.heard,
            `${event.type} ${(event as AnyEventObject).id as string}`,
          ],
        }),
      },
    },
  });

/** The toast's phase; "gone" only once it has finished (a final state: its actor is done). */
const phaseOf = (child: { getSnapshot(): { value: unknown; status: string } } | undefined): string => {
  if (!child) return 'gone';
  const { value, status } = child.getSnapshot();
  return value === 'gone' && status !== 'done' ? 'gone but still running' : String(value);
};

/** What one replay of a toastItem path runs and reads: `toastItemSpec(duration).expect`'s terms. */
export function toastItemTarget(duration?: number): ReplayTarget {
  return {
    machine: queueOf(duration),
    observe: ({ snapshot }) => ({
      phase: phaseOf((snapshot.children as Record<string, never>).t1),
      heard: (snapshot.context as { heard: string[] }).heard,
    }),
  };
}

// toastItem against its independent model (tests/models/spec/toast-item.ts): every path of the model
// replayed on the machine, run by a parent that records what the toast tells it.
import { describe, it } from 'vitest';
import { assign, setup, type AnyEventObject } from 'xstate';
import { toastItemMachine } from '../../machines/shell/toast-item.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { toastItemSpec, TOAST_DURATION } from '../models/spec/toast-item.ts';

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

for (const [title, duration] of [
  ['default duration', undefined],
  ['a 4000 ms toast', 4000],
] as const) {
  const model = toastItemSpec(duration ?? TOAST_DURATION);
  describe(`toastItem (${title}) against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () =>
        replaySpecPath(
          model,
          {
            machine: queueOf(duration),
            observe: ({ snapshot }) => ({
              phase: phaseOf((snapshot.children as Record<string, never>).t1),
              heard: (snapshot.context as { heard: string[] }).heard,
            }),
          },
          path,
        ),
      );
    }
  });
}

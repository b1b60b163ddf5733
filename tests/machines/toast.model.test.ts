// toast (the queue) against its independent model (tests/models/spec/toast.ts): every path of the
// model replayed on the machine by the shared harness; the machine runs its own toast items (their
// clocks) as it does in the app. What the page shows is the `toasts` selector; a toast's clock is its
// running child actor.
import { toastMachine } from '../../machines/shell/toast.ts';
import { toasts } from '../../machines/shell/toast.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { toastSpec } from '../models/spec/toast.ts';

describeModel({
  walks: [walk('', toastSpec())],
  target: () => ({
    machine: toastMachine,
    observe: ({ snapshot }) => ({
      toasts: toasts(snapshot as Parameters<typeof toasts>[0]).map(({ id, kind, message, leaving }) => ({
        id,
        kind,
        message,
        leaving,
      })),
      running: Object.keys(snapshot.children),
    }),
  }),
});

// messages against its independent model (tests/models/spec/messages.ts): every path of each of the
// model's parts replayed on the machine by the shared harness. The machine tells the account menu's
// count (`inbox`) and the toasts (`toast`) by systemId, so it runs with the target's two listeners
// beside it, at its root, that write down what they hear.
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import type { Message } from '../../domain/account.ts';
import { messagesMachine } from '../../machines/account/messages.ts';
import * as view from '../../machines/account/messages.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { heardLines, running, runWithout } from '../support/model-targets.ts';
import { messagesSpec, PAGE_ONE, type MessagesFocus } from '../models/spec/messages.ts';

type Snapshot = Parameters<typeof view.status>[0];

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = ['fetchMessages', 'markRead', 'markAllRead', 'deleteMessage'];
const LISTENERS = ['inbox', 'toast'];

describeModel({
  walks: (['load', 'read', 'delete', 'lagging'] as MessagesFocus[]).map((focus) =>
    walk(focus, messagesSpec(focus)),
  ),
  target: () => ({
    machine: messagesMachine,
    effects: EFFECTS,
    listeners: LISTENERS,
    observe: ({ snapshot, heard }) => {
      const s = snapshot as Snapshot;
      const shown: Message[] = view.result(s)?.data ?? [];
      return {
        running: running(snapshot, EFFECTS),
        status: view.status(s),
        error: view.error(s),
        result: view.result(s),
        unread: view.unread(s),
        read: shown.filter((m) => view.readOf(m)(s)).map((m) => m.id),
        open: shown.find((m) => view.openOf(m.id)(s))?.id ?? null,
        markingRead: s.context.readQueue.filter((id) => view.markingReadOf(id)(s)),
        markingAll: view.markingAll(s),
        // the machine's own word for "a change is under way" (no page reads it yet)
        busy: s.hasTag('busy'),
        deleteDialog: view.deleteDialog(s),
        deleting: view.deleting(s),
        toDelete: view.toDelete(s)?.id ?? null,
        deleteError: view.deleteError(s),
        heard: heardLines(heard),
      };
    },
  }),
});

// An effect the app did not provide fails, saying which: the page shows that as it shows any failure.
describe('messages without its effects provided', () => {
  const pageOne = fromPromise(async () => PAGE_ONE);
  const run = async (provided: Record<string, unknown>, events: AnyEventObject[]) => {
    const { snapshot, heard } = await runWithout(messagesMachine, events, { provided, listeners: LISTENERS });
    const s = snapshot as Snapshot;
    return { error: view.error(s), deleteError: view.deleteError(s), heard: heardLines(heard) };
  };
  it('fetchMessages', async () => {
    expect((await run({}, [{ type: 'messages.load', page: 1 }])).error).toBe(
      'fetchMessages must be provided',
    );
  });
  it('markRead', async () => {
    const { heard } = await run({ fetchMessages: pageOne }, [
      { type: 'messages.load', page: 1 },
      { type: 'messages.toggle', id: 1 },
    ]);
    expect(heard.at(-1)).toBe('toast.show error markRead must be provided');
  });
  it('markAllRead', async () => {
    const { heard } = await run({ fetchMessages: pageOne }, [
      { type: 'messages.load', page: 1 },
      { type: 'messages.readAll' },
    ]);
    expect(heard.at(-1)).toBe('toast.show error markAllRead must be provided');
  });
  it('deleteMessage', async () => {
    const { deleteError } = await run({ fetchMessages: pageOne }, [
      { type: 'messages.load', page: 1 },
      { type: 'messages.toggle', id: 3 },
      { type: 'messages.delete', id: 3 },
      { type: 'messages.deleteConfirm' },
    ]);
    expect(deleteError).toBe('deleteMessage must be provided');
  });
});

// messages against its independent model (tests/models/spec/messages.ts): every path of the model
// replayed on the machine. The machine tells the account menu's count (`inbox`) and the toasts
// (`toast`) by systemId, so it runs with two listeners beside it: the machine's own chart and
// implementations, plus, at its root, an `inbox` and a `toast` that write down what they hear.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { Message } from '../../domain/account.ts';
import { messagesMachine } from '../../machines/account/messages.ts';
import * as view from '../../machines/account/messages.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { messagesSpec, PAGE_ONE, type MessagesFocus } from '../models/spec/messages.ts';
import { flushPromises } from '../support/model.ts';

/** An actor that writes down each event it hears, as a line. */
const listener = (heard: string[]) =>
  fromCallback(({ receive }) => {
    receive((event: AnyEventObject) => {
      const { type, ...rest } = event;
      heard.push([type, ...Object.values(rest)].join(' '));
    });
  });

/** The machine's own chart and implementations, with the `inbox` and `toast` listeners in its system. */
const withListeners = (heard: string[]): AnyStateMachine => {
  const { config } = messagesMachine;
  return createMachine(
    {
      ...config,
      invoke: [
        { src: listener(heard), systemId: 'inbox' },
        { src: listener(heard), systemId: 'toast' },
      ],
    } as never,
    messagesMachine.implementations as never,
  ) as AnyStateMachine;
};

type Snapshot = Parameters<typeof view.status>[0];

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = ['fetchMessages', 'markRead', 'markAllRead', 'deleteMessage'];

for (const focus of ['load', 'read', 'delete', 'lagging'] as MessagesFocus[]) {
  const model = messagesSpec(focus);
  describe(`messages against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () => {
        const heard: string[] = [];
        return replaySpecPath(
          model,
          {
            machine: withListeners(heard),
            effects: EFFECTS,
            observe: ({ snapshot }) => {
              const s = snapshot as Snapshot;
              const shown: Message[] = view.result(s)?.data ?? [];
              return {
                // the effects under way, by the name the machine gives them
                running: Object.entries(snapshot.children as Record<string, AnyActorRef>)
                  .filter(([, child]) => EFFECTS.includes(child.src as string))
                  .map(([id]) => id)
                  .sort(),
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
                heard: [...heard],
              };
            },
          },
          path,
        );
      });
    }
  });
}

// An effect the app did not provide fails, saying which: the page shows that as it shows any failure.
describe('messages without its effects provided', () => {
  const pageOne = fromPromise(async () => PAGE_ONE);
  const run = async (provided: Record<string, unknown>, events: AnyEventObject[]) => {
    const heard: string[] = [];
    const actor = createActor(withListeners(heard).provide({ actors: provided as never })).start();
    for (const event of events) {
      actor.send(event);
      await flushPromises();
    }
    const s = actor.getSnapshot() as Snapshot;
    actor.stop();
    return { error: view.error(s), deleteError: view.deleteError(s), heard };
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

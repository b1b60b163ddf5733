// The system the connection's model paths (tests/models/spec/connection.ts) are replayed in, shared by
// its model test (tests/machines/connection.model.test.ts) and `npm run replay -- connection <n>`,
// which replays the same paths in Node (tests/replay/node-runner.ts). The probe (GET /api/health) is
// a controlled effect. The `watch` actor (the API client's and the browser's reports) is replaced by
// one that runs the page machines to retry: recorders registered under their systemIds that write
// down what they hear. What the banner shows is the `shown` selector; `connection.restored` is
// counted as the machine emits it.
import { assign, setup, spawnChild, type AnyActorRef } from 'xstate';
import { connectionMachine, type ConnectionInput } from '../../machines/shell/connection.ts';
import { shown } from '../../machines/shell/connection.selectors.ts';
import { RETRY_TARGETS, RUNNING_PAGES } from '../models/spec/connection.ts';
import type { ReplayTarget } from './spec-model.ts';

/** A page machine that runs: it writes down every event it hears. */
const page = setup({ types: { context: {} as { heard: string[] } } }).createMachine({
  context: { heard: [] },
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event.type] }) } },
});

/** Stands in for the API client's reports (the replay sends them) and runs the pages. */
const watch = setup({ actors: { page } }).createMachine({
  entry: RUNNING_PAGES.map((id) => spawnChild('page', { id, systemId: id })),
});

/** The connection as replayed: its `watch` the stand-in above. */
const connectionUnderTest = connectionMachine.provide({ actors: { watch: watch as never } });

/** The page machines it tells when the API is back (the model's RETRY_TARGETS). */
const CONNECTION_INPUT: ConnectionInput = {
  retryOnRestore: RETRY_TARGETS as unknown as ConnectionInput['retryOnRestore'],
};

/** The connection's call the replay holds and settles (or fails) when a path says. */
const CONNECTION_EFFECTS = ['probe'];

/**
 * What one replay of a connection path runs and reads (fresh for each path): the connection told of
 * the running pages, the probe the replay holds, and what it shows in the model's terms
 * (`connectionSpec().expect`). `{ ...connectionTarget(), input: undefined }` is the connection given
 * no page machines to tell (`connectionSpec(false)`).
 */
export function connectionTarget(): ReplayTarget {
  /** `connection.restored` as emitted, per replayed actor. */
  const announced = new WeakMap<AnyActorRef, number>();
  return {
    machine: connectionUnderTest,
    input: CONNECTION_INPUT,
    effects: CONNECTION_EFFECTS,
    observe: ({ snapshot, actor }) => {
      if (!announced.has(actor)) {
        announced.set(actor, 0);
        actor.on('connection.restored', () => announced.set(actor, announced.get(actor)! + 1));
      }
      return {
        banner: shown(snapshot as unknown as Parameters<typeof shown>[0]),
        heard: Object.fromEntries(
          RUNNING_PAGES.map((id) => [
            id,
            (actor.system.get(id) as AnyActorRef | undefined)?.getSnapshot().context.heard ?? null,
          ]),
        ),
        announced: announced.get(actor),
      };
    },
  };
}

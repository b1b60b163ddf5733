// Fruit History against its independent model (tests/models/spec/fruit-history.ts): every path of the
// model replayed on the machine, run in a small system beside a stand-in session that writes down what
// it is told; observed through the selectors (what the page shows), its tags, the calls it makes (and
// the one under way) and what the session heard.
import { describe, expect, it } from 'vitest';
import { assign, createActor, sendTo, setup, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { fruitHistoryMachine } from '../../machines/commerce/fruit-history.ts';
import * as view from '../../machines/commerce/fruit-history.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { fruitHistorySpec } from '../models/spec/fruit-history.ts';

/** Stands in for the session: writes down every event it receives. */
const listener = setup({ types: { context: {} as { heard: AnyEventObject[] } } }).createMachine({
  context: { heard: [] },
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});

/**
 * The machine beside the session, by systemId; events sent to the system reach the machine. The
 * replay provides its fake calls to the machine itself (`provide` rebuilds the system around it).
 */
const inSystem = (machine: AnyStateMachine): AnyStateMachine => {
  const system = setup({ actors: { machine, listener } }).createMachine({
    invoke: [
      { id: 'session', src: 'listener', systemId: 'session' },
      { id: 'machine', src: 'machine', systemId: 'fruitHistory' },
    ],
    on: { '*': { actions: sendTo('machine', ({ event }) => event) } },
  });
  return Object.assign(system, {
    provide: (implementations: Parameters<AnyStateMachine['provide']>[0]) =>
      inSystem(machine.provide(implementations)),
  });
};

const model = fruitHistorySpec();

describe(`fruitHistory against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () =>
      replaySpecPath(
        model,
        {
          machine: inSystem(fruitHistoryMachine),
          effects: ['fetchLedger'],
          observe: ({ snapshot }) => {
            const children = snapshot.children as Record<string, { getSnapshot(): never }>;
            const s = children.machine!.getSnapshot();
            const session = children.session!.getSnapshot() as { context: { heard: AnyEventObject[] } };
            const machine = children.machine!.getSnapshot() as {
              hasTag(tag: string): boolean;
              children: Record<string, unknown>;
              status: string;
              error: unknown;
            };
            // the system would not fail with it: a machine that fails here fails the path
            if (machine.status !== 'active') throw new Error(`The machine failed: ${String(machine.error)}`);
            return {
              tags: ['loading', 'ready', 'error'].filter((tag) => machine.hasTag(tag)),
              running: Object.keys(machine.children),
              status: view.status(s),
              error: view.error(s),
              ledger: view.ledger(s),
              sessionHeard: session.context.heard,
            };
          },
        },
        path,
      ),
    );
  }

  it('makes no call of its own: unprovided, the load fails and the page says why', async () => {
    const actor = createActor(fruitHistoryMachine).start();
    actor.send({ type: 'fruit.load', page: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.status(actor.getSnapshot())).toBe('error');
    expect(view.error(actor.getSnapshot())).toBe('fetchLedger must be provided');
    actor.stop();
  });
});

// Exchange Fruit Coins against its independent model (tests/models/spec/exchange.ts): every path of the
// model replayed on the machine, run in a small system beside stand-ins for the session and the toast
// queue that write down what they are told; observed through the selectors (what the page shows), the
// calls it makes (with each attempt's request id) and what the others heard.
import { describe, expect, it } from 'vitest';
import {
  assign,
  createActor,
  fromPromise,
  sendTo,
  setup,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import { exchangeMachine } from '../../machines/commerce/exchange.ts';
import * as view from '../../machines/commerce/exchange.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { exchangeSpec, OFFERS } from '../models/spec/exchange.ts';

const LISTENERS = ['session', 'toast'] as const;

/** Stands in for another long-lived actor: writes down every event it receives. */
const listener = setup({ types: { context: {} as { heard: AnyEventObject[] } } }).createMachine({
  context: { heard: [] },
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});

/**
 * The machine beside the actors it tells, by systemId; events sent to the system reach the machine.
 * The replay provides its fake calls to the machine itself (`provide` rebuilds the system around it).
 */
const inSystem = (machine: AnyStateMachine): AnyStateMachine => {
  const system = setup({ actors: { machine, listener } }).createMachine({
    invoke: [
      ...LISTENERS.map((id) => ({ id, src: 'listener' as const, systemId: id })),
      { id: 'machine', src: 'machine', systemId: 'exchange' },
    ],
    on: { '*': { actions: sendTo('machine', ({ event }) => event) } },
  });
  return Object.assign(system, {
    provide: (implementations: Parameters<AnyStateMachine['provide']>[0]) =>
      inSystem(machine.provide(implementations)),
  });
};

/** The machine's tags (its published states), in the model's order. */
const TAGS = ['loading', 'ready', 'error', 'dialog', 'busy', 'exchangeFailed', 'notEnough', 'newCoupon'];

const model = exchangeSpec();

describe(`exchange against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      // src/ draws each attempt's id from `crypto`; here the Nth is "req-N"
      let drawn = 0;
      const machine = exchangeMachine.provide({
        actions: { newRequestId: assign(() => ({ requestId: `req-${++drawn}` })) },
      });
      return replaySpecPath(
        model,
        {
          machine: inSystem(machine),
          effects: ['fetchOffers', 'exchange'],
          observe: ({ snapshot }) => {
            const children = snapshot.children as Record<string, { getSnapshot(): never }>;
            const s = children.machine!.getSnapshot();
            const heard = (id: string) =>
              (children[id]!.getSnapshot() as { context: { heard: AnyEventObject[] } }).context.heard;
            const machine = children.machine!.getSnapshot() as {
              hasTag(tag: string): boolean;
              children: Record<string, unknown>;
              status: string;
              error: unknown;
            };
            // the system would not fail with it: a machine that fails here fails the path
            if (machine.status !== 'active') throw new Error(`The machine failed: ${String(machine.error)}`);
            return {
              tags: TAGS.filter((tag) => machine.hasTag(tag)),
              running: Object.keys(machine.children),
              status: view.status(s),
              error: view.error(s),
              offers: view.offers(s),
              balance: view.balance(s),
              dialogOpen: view.dialogOpen(s),
              exchanging: view.exchanging(s),
              offer: view.offer(s),
              showsNewCoupon: view.showsNewCoupon(s),
              received: view.received(s),
              exchangeFailed: view.exchangeFailed(s),
              exchangeError: view.exchangeError(s),
              showsNotEnough: view.showsNotEnough(s),
              notEnough: view.notEnough(s),
              // what each of the others heard, in order
              told: Object.fromEntries(LISTENERS.map((id) => [id, heard(id)])),
            };
          },
        },
        path,
      );
    });
  }

  it('makes no call and no request id of its own: unprovided, each fails and says why', async () => {
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    const bare = createActor(exchangeMachine).start();
    bare.send({ type: 'exchange.load' });
    await flush();
    expect(view.error(bare.getSnapshot())).toBe('fetchOffers must be provided');
    bare.stop();

    const offers = fromPromise(async () => ({ data: OFFERS, balance: 300 }));
    let failure: unknown = null;
    const noIds = createActor(exchangeMachine.provide({ actors: { fetchOffers: offers } }));
    noIds.subscribe({ error: (error) => (failure = error) });
    noIds.start();
    noIds.send({ type: 'exchange.load' });
    await flush();
    noIds.send({ type: 'exchange.choose', offerId: 1 });
    noIds.send({ type: 'exchange.confirm' });
    expect(String(failure)).toContain('newRequestId must be provided');

    const noExchange = createActor(
      exchangeMachine.provide({
        actors: { fetchOffers: offers },
        actions: { newRequestId: assign({ requestId: 'req-1' }) },
      }),
    ).start();
    noExchange.send({ type: 'exchange.load' });
    await flush();
    noExchange.send({ type: 'exchange.choose', offerId: 1 });
    noExchange.send({ type: 'exchange.confirm' });
    await flush();
    expect(view.exchangeError(noExchange.getSnapshot())).toBe('exchange must be provided');
    noExchange.stop();
  });
});

// Buy FruitCoins against its independent model (tests/models/spec/buy-fruitcoins.ts): every path of the
// model replayed on the machine, run in a small system beside a stand-in session that writes down what
// it is told; observed through the selectors (what the page shows), the calls it makes (with each
// attempt's request id), what the session heard and the payment pages the browser was sent to.
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
import { buyFruitCoinsMachine } from '../../machines/commerce/buy-fruitcoins.ts';
import * as view from '../../machines/commerce/buy-fruitcoins.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { buyFruitCoinsSpec, PACKS } from '../models/spec/buy-fruitcoins.ts';

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
      { id: 'machine', src: 'machine', systemId: 'buyFruitCoins' },
    ],
    on: { '*': { actions: sendTo('machine', ({ event }) => event) } },
  });
  return Object.assign(system, {
    provide: (implementations: Parameters<AnyStateMachine['provide']>[0]) =>
      inSystem(machine.provide(implementations)),
  });
};

/** The machine's tags (its published states), in the model's order. */
const TAGS = [
  'loading',
  'ready',
  'error',
  'busy',
  'buying',
  'redirecting',
  'buyRetryable',
  'buyRefused',
  'confirming',
  'confirmFailed',
  'added',
  'cancelled',
  'unpaid',
];

const model = buyFruitCoinsSpec();

describe(`buyFruitCoins against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      // src/ leaves for the payment page, and draws an attempt's id from `crypto` when the page gave
      // none (src/commerce/topup-logic.ts); here the Nth drawn is "req-N"
      const left: string[] = [];
      let drawn = 0;
      const machine = buyFruitCoinsMachine.provide({
        actions: {
          goToPayment: (_, params: { url: string }) => void left.push(params.url),
          newRequestId: assign({
            requestId: ({ context }: { context: { requestId: string | null } }) =>
              context.requestId ?? `req-${++drawn}`,
          }) as never,
        },
      });
      return replaySpecPath(
        model,
        {
          machine: inSystem(machine),
          effects: ['fetchPacks', 'buyPack', 'confirmTopUp'],
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
              tags: TAGS.filter((tag) => machine.hasTag(tag)),
              running: Object.keys(machine.children),
              status: view.status(s),
              error: view.error(s),
              packs: view.packs(s),
              balance: view.balance(s),
              busy: view.busy(s),
              buyingBasket: view.buyingPack('basket')(s),
              buyingHandful: view.buyingPack('handful')(s),
              purchase: view.purchase(s),
              buyError: view.buyError(s),
              paymentUrl: view.paymentUrl(s),
              paymentResult: view.paymentResult(s),
              topup: view.topup(s),
              sessionHeard: session.context.heard,
              left: [...left],
            };
          },
        },
        path,
      );
    });
  }

  it('makes no call and no request id of its own: unprovided, each fails and says why', async () => {
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    const bare = createActor(buyFruitCoinsMachine).start();
    bare.send({ type: 'topup.open', payment: null });
    await flush();
    expect(view.error(bare.getSnapshot())).toBe('fetchPacks must be provided');
    bare.stop();

    const packs = fromPromise(async () => ({ data: PACKS, balance: 120 }));
    const shop = createActor(buyFruitCoinsMachine.provide({ actors: { fetchPacks: packs } })).start();
    shop.send({ type: 'topup.open', payment: 'cs_12' });
    await flush();
    expect(view.error(shop.getSnapshot())).toBe('confirmTopUp must be provided');
    // a Buy that names its attempt needs no id drawn
    shop.send({ type: 'topup.buy', packId: 'basket', requestId: 'page-1' });
    await flush();
    expect(view.buyError(shop.getSnapshot())).toBe('buyPack must be provided');
    expect(shop.getSnapshot().status).toBe('active');
    shop.stop();

    let failure: unknown = null;
    const noIds = createActor(buyFruitCoinsMachine.provide({ actors: { fetchPacks: packs } }));
    noIds.subscribe({ error: (error) => (failure = error) });
    noIds.start();
    noIds.send({ type: 'topup.open', payment: null });
    await flush();
    noIds.send({ type: 'topup.buy', packId: 'basket' });
    expect(String(failure)).toContain('newRequestId must be provided');
  });
});

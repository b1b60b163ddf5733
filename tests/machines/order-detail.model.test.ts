// An order's page against its independent model (tests/models/spec/order-detail.ts): every path of the
// model replayed on the machine, run in a small system beside stand-ins for the toast queue, the cart
// and the cart badge that write down what they are told; observed through the selectors (what the page
// shows), the calls it makes, what the others heard and the payment pages the browser was sent to.
import { describe, expect, it } from 'vitest';
import { assign, createActor, sendTo, setup, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { orderDetailMachine } from '../../machines/commerce/order-detail.ts';
import * as view from '../../machines/commerce/order-detail.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { orderDetailSpec } from '../models/spec/order-detail.ts';

const LISTENERS = ['toast', 'cart', 'cartCount'] as const;

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
      { id: 'machine', src: 'machine', systemId: 'orderDetail' },
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
  'notFound',
  'error',
  'ready',
  'busy',
  'openingPayment',
  'cancelDialog',
  'cancelling',
];

const model = orderDetailSpec();

describe(`orderDetail against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      // the browser leaving for the payment page (src/ provides `location.assign`)
      const left: string[] = [];
      const machine = orderDetailMachine.provide({
        actions: { goToPayment: (_, params: { url: string }) => void left.push(params.url) },
      });
      return replaySpecPath(
        model,
        {
          machine: inSystem(machine),
          effects: ['fetchOrder', 'payOrder', 'cancelOrder'],
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
              order: view.order(s),
              busy: view.busy(s),
              openingPayment: view.openingPayment(s),
              cancelDialog: view.cancelDialog(s),
              cancelling: view.cancelling(s),
              actionError: view.actionError(s),
              // what each of the others heard, in order
              told: Object.fromEntries(LISTENERS.map((id) => [id, heard(id)])),
              left: [...left],
            };
          },
        },
        path,
      );
    });
  }

  it('makes no call of its own: unprovided, the load fails and the page says why', async () => {
    const actor = createActor(orderDetailMachine).start();
    actor.send({ type: 'order.load', orderId: '42' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.status(actor.getSnapshot())).toBe('error');
    expect(view.error(actor.getSnapshot())).toBe('fetchOrder must be provided');
    actor.stop();
  });
});

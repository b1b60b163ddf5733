// Buy FruitCoins against its independent model (tests/models/spec/buy-fruitcoins.ts): every path of the
// model replayed on the machine by the shared harness (tests/support/spec-replay.ts), with a session
// listening beside it; observed through the selectors (what the page shows), the calls it makes (with
// each attempt's request id), what the session heard and the payment pages the browser was sent to.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { buyFruitCoinsMachine } from '../../machines/commerce/buy-fruitcoins.ts';
import * as view from '../../machines/commerce/buy-fruitcoins.selectors.ts';
import { heardBy, ownChildren } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { buyFruitCoinsSpec, PACKS } from '../models/spec/buy-fruitcoins.ts';

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

const LISTENERS = ['session'];

describeModel({
  walks: [walk('', buyFruitCoinsSpec())],
  target: () => {
    // src/ leaves for the payment page, and draws an attempt's id from `crypto` when the page gave
    // none (src/commerce/topup-logic.ts); here the Nth drawn is "req-N"
    const left: string[] = [];
    let drawn = 0;
    return {
      machine: buyFruitCoinsMachine.provide({
        actions: {
          goToPayment: (_, params: { url: string }) => void left.push(params.url),
          newRequestId: assign({
            requestId: ({ context }: { context: { requestId: string | null } }) =>
              context.requestId ?? `req-${++drawn}`,
          }) as never,
        },
      }),
      effects: ['fetchPacks', 'buyPack', 'confirmTopUp'],
      listeners: LISTENERS,
      observe: ({ snapshot, actor, heard }) => {
        const s = snapshot as SnapshotFrom<typeof buyFruitCoinsMachine>;
        return {
          tags: TAGS.filter((tag) => snapshot.hasTag(tag)),
          running: ownChildren(snapshot, actor, LISTENERS),
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
          sessionHeard: heardBy(heard, 'session'),
          left: [...left],
        };
      },
    };
  },
});

describe('buyFruitCoins, in its own words', () => {
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

// Exchange Fruit Coins against its independent model (tests/models/spec/exchange.ts): every path of the
// model replayed on the machine by the shared harness (tests/support/spec-replay.ts), with the session
// and the toast queue listening beside it; observed through the selectors (what the page shows), the
// calls it makes (with each attempt's request id) and what the others heard.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { exchangeMachine } from '../../machines/commerce/exchange.ts';
import * as view from '../../machines/commerce/exchange.selectors.ts';
import { heardBy, ownChildren } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { exchangeSpec, OFFERS } from '../models/spec/exchange.ts';

const LISTENERS = ['session', 'toast'];

/** The machine's tags (its published states), in the model's order. */
const TAGS = ['loading', 'ready', 'error', 'dialog', 'busy', 'exchangeFailed', 'notEnough', 'newCoupon'];

describeModel({
  walks: [walk('', exchangeSpec())],
  target: () => {
    // src/ draws each attempt's id from `crypto`; here the Nth is "req-N"
    let drawn = 0;
    return {
      machine: exchangeMachine.provide({
        actions: { newRequestId: assign(() => ({ requestId: `req-${++drawn}` })) },
      }),
      effects: ['fetchOffers', 'exchange'],
      listeners: LISTENERS,
      observe: ({ snapshot, actor, heard }) => {
        const s = snapshot as SnapshotFrom<typeof exchangeMachine>;
        return {
          tags: TAGS.filter((tag) => snapshot.hasTag(tag)),
          running: ownChildren(snapshot, actor, LISTENERS),
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
          told: Object.fromEntries(LISTENERS.map((id) => [id, heardBy(heard, id)])),
        };
      },
    };
  },
});

describe('exchange, in its own words', () => {
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

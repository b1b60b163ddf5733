// Buy FruitCoins: its rules: one top-up per
// attempt (a retry sends the same requestId), off to the payment page, and the page the payment returns to
// confirms it with the server and tells the session (the header) the new balance.
// Mutation: buyFruitCoins
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buyFruitCoinsMachine } from '../../machines/commerce/buy-fruitcoins.ts';
import type { TopUpRequest, TopUpResult } from '../../domain/commerce.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor } from '../../src/app/app-system.ts';
import { paymentPage } from '../../src/commerce/topup-logic.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { flushPromises } from '../support/model.ts';
import { PACKS, topupResult } from '../models/buy-fruitcoins.ts';
import { startTestSystem } from '../support/start-system.ts';

describe('buyFruitCoins rules', () => {
  function start(answers: {
    buyPack?: (input: TopUpRequest) => Promise<TopUpResult>;
    confirmTopUp?: (input: { sessionId: string }) => Promise<TopUpResult>;
  }) {
    const calls: string[] = [];
    const urls: string[] = [];
    const actor = createActor(
      buyFruitCoinsMachine.provide({
        actors: {
          fetchPacks: fromPromise(async () => {
            calls.push('packs');
            return { data: PACKS, balance: 120 };
          }),
          buyPack: fromPromise(async ({ input }) => {
            calls.push(`buy ${input.packId} ${input.requestId}`);
            return (answers.buyPack ?? (async () => topupResult('pending')))(input);
          }),
          confirmTopUp: fromPromise(async ({ input }) => {
            calls.push(`confirm ${input.sessionId}`);
            return (answers.confirmTopUp ?? (async () => topupResult('paid')))(input);
          }),
        },
        actions: { goToPayment: (_, { url }) => urls.push(url) },
      }),
    ).start();
    return { actor, calls, urls };
  }

  it('lists the packs, then sends a pack id (never a price) and goes to its payment page', async () => {
    const { actor, calls, urls } = start({});
    actor.send({ type: 'topup.open', payment: null });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'choosing' });
    expect(actor.getSnapshot().context).toMatchObject({ packs: PACKS, balance: 120 });
    actor.send({ type: 'topup.buy', packId: 'basket', requestId: 'req-1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flushPromises();
    expect(calls).toEqual(['packs', 'buy basket req-1']);
    expect(urls).toEqual(['/dev-pay/cs_test_topup_12']);
    expect(actor.getSnapshot().value).toEqual({ ready: 'redirecting' });
    actor.stop();
  });

  it('retries a purchase that got no answer with the same requestId; a refusal is not retried', async () => {
    let fail: ApiError | null = new ApiError("Can't reach FruitPrompt right now.", 0);
    const { actor, calls, urls } = start({
      buyPack: async () => {
        if (fail) throw fail;
        return topupResult('pending');
      },
    });
    actor.send({ type: 'topup.open', payment: null });
    await flushPromises();
    actor.send({ type: 'topup.buy', packId: 'basket', requestId: 'req-1' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: { buyFailed: 'retryable' } });
    expect(actor.getSnapshot().context.buyError).toBe("Can't reach FruitPrompt right now.");
    fail = null;
    actor.send({ type: 'topup.retryBuy' });
    await flushPromises();
    expect(calls.slice(1)).toEqual(['buy basket req-1', 'buy basket req-1']);
    expect(urls).toHaveLength(1);

    fail = new ApiError('FruitCoin pack not found. Choose one of the packs on Buy FruitCoins.', 404);
    actor.send({ type: 'topup.dismiss' });
    actor.send({ type: 'topup.buy', packId: 'gone', requestId: 'req-2' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: { buyFailed: 'refused' } });
    actor.send({ type: 'topup.retryBuy' });
    await flushPromises();
    expect(calls.filter((c) => c.includes('req-2'))).toHaveLength(1);
    actor.stop();
  });

  it('the return page confirms the payment and shows what it added; a reload confirms again', async () => {
    const { actor, calls } = start({});
    actor.send({ type: 'topup.open', payment: 'cs_test_topup_12' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'added' });
    expect(actor.getSnapshot().context).toMatchObject({
      balance: 670,
      topup: { coins: 550, status: 'paid' },
    });
    actor.send({ type: 'topup.open', payment: 'cs_test_topup_12' });
    await flushPromises();
    // the server credits each payment once, however often it is asked
    expect(calls).toEqual(['packs', 'confirm cs_test_topup_12', 'packs', 'confirm cs_test_topup_12']);
    actor.stop();
  });

  it('a cancelled payment offers the same pack again, as a new purchase', async () => {
    const { actor, calls } = start({ confirmTopUp: async () => topupResult('cancelled') });
    actor.send({ type: 'topup.open', payment: 'cs_test_topup_12' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'cancelled' });
    expect(actor.getSnapshot().context.topup?.packId).toBe('basket');
    actor.send({ type: 'topup.buy', packId: 'basket', requestId: 'req-again' });
    await flushPromises();
    expect(calls.at(-1)).toBe('buy basket req-again');
    expect(actor.getSnapshot().value).toEqual({ ready: 'redirecting' });
    actor.stop();
  });

  it('an unfinished payment can be checked again', async () => {
    let status: 'pending' | 'paid' = 'pending';
    const { actor } = start({ confirmTopUp: async () => topupResult(status) });
    actor.send({ type: 'topup.open', payment: 'cs_test_topup_12' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'unpaid' });
    status = 'paid';
    actor.send({ type: 'topup.retry' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'added' });
    actor.stop();
  });
});

describe('buyFruitCoins on the actor system', () => {
  it('tells the session (the header) the balance: the packs’ and, once paid, the new one', async () => {
    const go = paymentPage.go;
    const left: string[] = [];
    paymentPage.go = (url) => left.push(url);
    try {
      const system = startTestSystem({
        effects: fakeEffects({
          fetchFruitPacks: async () => ({ data: PACKS, balance: 120 }),
          buyFruitPack: async () => topupResult('pending'),
          confirmTopUp: async () => topupResult('paid', 670),
        }),
      });
      const session = systemActor(system, 'session');
      await waitFor(session, (s) => !s.hasTag('pending'));
      session.send({
        type: 'session.signedIn',
        token: 'a.b.c',
        userData: { userId: 'u-1', providerUsername: 'Mina', fruitCnt: 80 },
        now: Date.now(),
      });
      await waitFor(session, (s) => s.context.user !== null);
      const shop = systemActor(system, 'buyFruitCoins');
      shop.send({ type: 'topup.open', payment: null });
      await waitFor(shop, (s) => s.matches({ ready: 'choosing' }));
      expect(session.getSnapshot().context.user?.fruitCnt).toBe(120);
      shop.send({ type: 'topup.buy', packId: 'basket', requestId: 'req-1' });
      await waitFor(shop, (s) => s.matches({ ready: 'redirecting' }));
      expect(left).toEqual(['/dev-pay/cs_test_topup_12']);

      shop.send({ type: 'topup.open', payment: 'cs_test_topup_12' });
      await waitFor(shop, (s) => s.matches({ ready: 'added' }));
      expect(session.getSnapshot().context.user?.fruitCnt).toBe(670);
      system.stop();
    } finally {
      paymentPage.go = go;
    }
  });
});

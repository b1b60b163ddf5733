// The payment result machine: its rules (the poll on a simulated clock): confirm once per visit, follow a pending order for a bounded time, cancel
// only after a confirmation, pay again on a new payment page.
// Mutation: paymentResult, payOrCancel
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { OrderDetail } from '../../domain/commerce.ts';
import { PENDING_POLL_LIMIT, paymentResultMachine } from '../../machines/commerce/payment-result.ts';
import { flushPromises } from '../support/model.ts';
import {
  cancelledOrder as cancelled,
  paidOrder as paid,
  pendingOrder as pending,
} from '../models/payment-result.ts';

describe('paymentResult rules', () => {
  function start(answers: {
    fetchOrder?: () => Promise<OrderDetail>;
    confirmOrder?: () => Promise<OrderDetail>;
  }) {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const urls: string[] = [];
    const actor = createActor(
      paymentResultMachine.provide({
        actors: {
          fetchOrder: fromPromise(async ({ input }) => {
            calls.push(`fetch ${input.orderId}`);
            return (answers.fetchOrder ?? (async () => pending))();
          }),
          confirmOrder: fromPromise(async ({ input }) => {
            calls.push(`confirm ${input.orderId} ${input.sessionId}`);
            return (answers.confirmOrder ?? (async () => paid))();
          }),
          payOrder: fromPromise(async ({ input }) => {
            calls.push(`pay ${input.orderId}`);
            return { paymentUrl: '/dev-pay/cs_test_2', order: pending };
          }),
          cancelOrder: fromPromise(async ({ input }) => {
            calls.push(`cancel ${input.orderId}`);
            return cancelled;
          }),
        },
        actions: { goToPayment: (_, { url }) => urls.push(url) },
      }),
      { clock },
    ).start();
    return { actor, clock, calls, urls };
  }

  it('the paid page confirms the payment session once per visit and shows the order paid', async () => {
    const { actor, calls } = start({});
    actor.send({ type: 'payment.openPaid', orderId: '42', sessionId: 'cs_test_1' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context.order?.items.map((i) => i.promptId)).toEqual([5]);
    // a reload confirms again; the server settles the order only once
    actor.send({ type: 'payment.openPaid', orderId: '42', sessionId: 'cs_test_1' });
    await flushPromises();
    expect(calls).toEqual(['confirm 42 cs_test_1', 'confirm 42 cs_test_1']);
    actor.stop();
  });

  it(`follows a pending order every 3 s, ${PENDING_POLL_LIMIT} times at most, and again on request`, async () => {
    const { actor, clock, calls } = start({});
    actor.send({ type: 'payment.openPending', orderId: '42' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ pending: 'watching' });
    clock.increment(2999);
    await flushPromises();
    expect(calls).toEqual(['fetch 42']);
    for (let i = 0; i < PENDING_POLL_LIMIT; i++) {
      clock.increment(3000);
      await flushPromises();
    }
    expect(calls).toHaveLength(1 + PENDING_POLL_LIMIT);
    clock.increment(3000);
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ pending: 'stale' });
    clock.increment(60_000);
    await flushPromises();
    expect(calls).toHaveLength(1 + PENDING_POLL_LIMIT);
    actor.send({ type: 'payment.refresh' });
    await flushPromises();
    expect(calls).toHaveLength(2 + PENDING_POLL_LIMIT);
    expect(actor.getSnapshot().value).toEqual({ pending: 'watching' });
    actor.stop();
  });

  it('stops following once the order is paid, and when the page is left', async () => {
    let answer = pending;
    const { actor, clock, calls } = start({ fetchOrder: async () => answer });
    actor.send({ type: 'payment.openPending', orderId: '42' });
    await flushPromises();
    answer = paid;
    clock.increment(3000);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('paid');
    clock.increment(30_000);
    await flushPromises();
    expect(calls).toEqual(['fetch 42', 'fetch 42']);

    answer = pending;
    actor.send({ type: 'payment.openPending', orderId: '42' });
    await flushPromises();
    actor.send({ type: 'payment.close' });
    clock.increment(30_000);
    await flushPromises();
    expect(calls).toHaveLength(3);
    actor.stop();
  });

  it('cancels only after the confirmation, and pays again on a new payment page', async () => {
    const { actor, calls, urls } = start({});
    actor.send({ type: 'payment.openPending', orderId: '42' });
    await flushPromises();
    actor.send({ type: 'payment.cancel' });
    expect(actor.getSnapshot().value).toEqual({ pending: 'confirmingCancel' });
    actor.send({ type: 'payment.cancelAbort' });
    expect(calls).toEqual(['fetch 42']);
    actor.send({ type: 'payment.pay' });
    await flushPromises();
    expect(urls).toEqual(['/dev-pay/cs_test_2']);
    expect(actor.getSnapshot().value).toBe('redirecting');

    actor.send({ type: 'payment.openPending', orderId: '42' });
    await flushPromises();
    actor.send({ type: 'payment.cancel' });
    actor.send({ type: 'payment.cancelConfirm' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(calls).toEqual(['fetch 42', 'pay 42', 'fetch 42', 'cancel 42']);
    actor.stop();
  });
});

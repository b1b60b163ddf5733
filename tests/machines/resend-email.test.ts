// Mutation: resendEmail, registrationSuccess, verifyEmailNotice
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { RESEND_MESSAGES, resendEmailMachine } from '../../machines/auth/resend-email.ts';
import { flushPromises } from '../support/model.ts';

describe('resend cooldown (requirements §2, §9)', () => {
  it('counts "Resend in {n}s" down from 60 and enables the button after exactly 60 s', () => {
    const clock = new SimulatedClock();
    const actor = createActor(resendEmailMachine, {
      input: { email: 'a@b.co', coolingDown: true },
      clock,
    }).start();
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    for (let i = 59; i >= 1; i--) {
      clock.increment(1000);
      expect(actor.getSnapshot().context.secondsLeft).toBe(i);
      expect(actor.getSnapshot().hasTag('disabled')).toBe(true);
    }
    clock.increment(999);
    expect(actor.getSnapshot().hasTag('disabled')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('says which failure happened and cools down again after a sent mail', async () => {
    const answers = [
      Promise.resolve({ success: false, msg: '' }),
      Promise.reject(new Error('offline')),
      Promise.resolve({ success: true, msg: '' }),
    ];
    answers[1]!.catch(() => {});
    let n = 0;
    const clock = new SimulatedClock();
    const actor = createActor(
      resendEmailMachine.provide({ actors: { resendVerification: fromPromise(() => answers[n++]!) } }),
      { input: { email: 'a@b.co', coolingDown: false }, clock },
    ).start();
    actor.send({ type: 'resend.request' });
    await flushPromises();
    expect(actor.getSnapshot().context.result).toEqual({ kind: 'error', text: RESEND_MESSAGES.failed });
    actor.send({ type: 'resend.request' });
    await flushPromises();
    expect(actor.getSnapshot().context.result).toEqual({ kind: 'error', text: RESEND_MESSAGES.offline });
    actor.send({ type: 'resend.request' });
    await flushPromises();
    expect(actor.getSnapshot().context.result).toEqual({
      kind: 'success',
      text: 'Verification email sent successfully!',
    });
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    expect(actor.getSnapshot().hasTag('disabled')).toBe(true);
  });
});

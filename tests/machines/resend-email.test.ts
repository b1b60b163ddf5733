import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { RESEND_MESSAGES, resendEmailMachine } from '../../machines/auth/resend-email.ts';
import { registrationSuccessMachine } from '../../machines/auth/registration-success.ts';
import { verifyEmailNoticeMachine } from '../../machines/auth/verify-email-notice.ts';
import { CoverageRecorder, controlledActors, flushPromises, replayOnActor } from '../support/model.ts';
import { registrationSuccessModel } from '../models/registration-success.ts';
import { RESEND_EMAIL, resendEmailModel } from '../models/resend-email.ts';
import { walksOf } from '../models/traversal.ts';
import { pathsOf } from '../models/types.ts';
import { verifyEmailNoticeModel } from '../models/verify-email-notice.ts';

const recorders = [resendEmailMachine, registrationSuccessMachine, verifyEmailNoticeMachine].map(
  (m) => new CoverageRecorder(m),
);
const [resendRec, successRec, noticeRec] = recorders as [
  CoverageRecorder,
  CoverageRecorder,
  CoverageRecorder,
];
afterAll(() => recorders.forEach((r) => r.save()));

describe('resendEmail model', () => {
  for (const walk of walksOf(resendEmailModel)) {
    for (const path of pathsOf(walk)) {
      it(`${walk.label}: ${path.description}`, async () => {
        const controlled = controlledActors(walk.actors);
        const actor = await replayOnActor(resendEmailMachine, path, {
          input: walk.input,
          controlled,
          recorder: resendRec,
          check: (a, e) => expect(a.context.result).toEqual(e.context.result),
        });
        for (const call of controlled.calls) expect(call.input).toEqual({ email: RESEND_EMAIL });
        actor.stop();
      });
    }
  }
});

describe('resend cooldown (SPEC.md §2, §9)', () => {
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

describe('registrationSuccess model', () => {
  for (const path of pathsOf(registrationSuccessModel)) {
    it(path.description, async () => {
      const actor = await replayOnActor(registrationSuccessMachine, path, { recorder: successRec });
      if (actor.getSnapshot().hasTag('visible'))
        expect(actor.getSnapshot().context.email).toBe('new.user@outlook.com');
      actor.stop();
    });
  }

  it('opens with the resend button cooling down and force-closes 700 ms after dismissal', () => {
    const clock = new SimulatedClock();
    const actor = createActor(registrationSuccessMachine, { clock }).start();
    actor.send({ type: 'registration.succeeded', email: 'x@yahoo.com' });
    const resend = actor.getSnapshot().children.resend;
    expect(resend?.getSnapshot().context.secondsLeft).toBe(60);
    actor.send({ type: 'dialog.dismiss' });
    clock.increment(699);
    expect(actor.getSnapshot().value).toEqual({ shown: 'closing' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('closed');
  });
});

describe('verifyEmailNotice model', () => {
  for (const path of pathsOf(verifyEmailNoticeModel)) {
    it(path.description, async () => {
      (await replayOnActor(verifyEmailNoticeMachine, path, { recorder: noticeRec })).stop();
    });
  }

  it('offers the resend at once', () => {
    const actor = createActor(verifyEmailNoticeMachine).start();
    actor.send({ type: 'notice.show', email: 'late@example.com' });
    expect(actor.getSnapshot().children.resend?.getSnapshot().value).toBe('ready');
  });
});

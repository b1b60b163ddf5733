import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailVerificationMachine, type VerifyAnswer } from '../../machines/email-verification.ts';
import { MESSAGES } from '../../machines/domain/validation.ts';
import {
  CoverageRecorder,
  controlledActors,
  flushPromises,
  modelPaths,
  replayOnActor,
} from '../support/model.ts';

const recorder = new CoverageRecorder(emailVerificationMachine);
afterAll(() => recorder.save());

describe('emailVerification model', () => {
  const paths = modelPaths(emailVerificationMachine, {
    samples: {
      'verify.start': [{ type: 'verify.start', token: 'tok123' }],
      'field.change': [
        { type: 'field.change', value: 'new.user@gmail.com' },
        { type: 'field.change', value: 'nope' },
      ],
      'xstate.done.actor.verifyEmail': [
        {
          type: 'xstate.done.actor.verifyEmail',
          output: { status: 'verified', email: 'new.user@gmail.com' },
        },
        {
          type: 'xstate.done.actor.verifyEmail',
          output: { status: 'expired', email: 'new.user@gmail.com', msg: 'This link has expired.' },
        },
        {
          type: 'xstate.done.actor.verifyEmail',
          output: { status: 'invalid', msg: 'This link is not valid.' },
        },
      ],
      'xstate.error.actor.verifyEmail': [{ type: 'xstate.error.actor.verifyEmail', error: new Error('net') }],
      'xstate.done.actor.resendVerification': [
        { type: 'xstate.done.actor.resendVerification', output: { success: true, msg: '' } },
        {
          type: 'xstate.done.actor.resendVerification',
          output: { success: false, msg: 'Too many requests' },
        },
      ],
      'xstate.error.actor.resendVerification': [
        { type: 'xstate.error.actor.resendVerification', error: new Error('net') },
      ],
    },
    serializeState: (s) =>
      `${JSON.stringify(s.value)}|${s.context.email}|${s.context.message}|${s.context.fieldError}`,
  }).filter((p) => p.steps.length <= 6);

  for (const path of paths) {
    it(path.description, async () => {
      const controlled = controlledActors(['verifyEmail', 'resendVerification']);
      const actor = await replayOnActor(emailVerificationMachine, path, {
        controlled,
        recorder,
        check: (a, e) => {
          expect(a.context.message).toEqual(e.context.message);
          expect(a.context.fieldError).toEqual(e.context.fieldError);
        },
      });
      actor.stop();
    });
  }
});

describe('emailVerification rules', () => {
  it('asks for a valid address before sending a new link', async () => {
    const sent: string[] = [];
    const a = createActor(
      emailVerificationMachine.provide({
        actors: {
          verifyEmail: fromPromise(async (): Promise<VerifyAnswer> => ({
            status: 'invalid',
            msg: 'This link is not valid.',
          })),
          resendVerification: fromPromise(async ({ input }) => {
            sent.push(input.email);
            return { success: true, msg: '' };
          }),
        },
      }),
    ).start();
    a.send({ type: 'verify.start', token: 'x' });
    await flushPromises();
    expect(a.getSnapshot().context.message).toBe('This link is not valid.');
    a.send({ type: 'resend.submit' });
    expect(a.getSnapshot().context.fieldError).toBe(MESSAGES.emailRequired);
    a.send({ type: 'field.change', value: ' late@example.com ' });
    a.send({ type: 'resend.submit' });
    await flushPromises();
    expect(sent).toEqual(['late@example.com']);
    expect(a.getSnapshot().matches({ failed: 'sent' })).toBe(true);
  });
});

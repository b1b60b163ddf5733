import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailVerificationMachine, type VerifyAnswer } from '../../machines/auth/email-verification.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { CoverageRecorder, controlledActors, flushPromises, replayOnActor } from '../support/model.ts';
import { emailVerificationModel } from '../models/email-verification.ts';
import { pathsOf } from '../models/types.ts';

const recorder = new CoverageRecorder(emailVerificationMachine);
afterAll(() => recorder.save());

describe('emailVerification model', () => {
  const paths = pathsOf(emailVerificationModel);

  for (const path of paths) {
    it(path.description, async () => {
      const controlled = controlledActors(emailVerificationModel.actors);
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

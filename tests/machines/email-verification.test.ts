// Mutation: emailVerification
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailVerificationMachine, type VerifyAnswer } from '../../machines/auth/email-verification.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { flushPromises } from '../support/model.ts';

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

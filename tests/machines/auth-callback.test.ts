// Mutation: authCallback
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authCallbackMachine, CALLBACK_MESSAGES } from '../../machines/auth/auth-callback.ts';
import type { SignInResult } from '../../domain/session-user.ts';
import { flushPromises } from '../support/model.ts';

describe('authCallback hand-over', () => {
  it('hands the token and user over once the code is exchanged', async () => {
    const handed: string[] = [];
    const actor = createActor(
      authCallbackMachine.provide({
        actors: {
          exchangeCode: fromPromise(async (): Promise<SignInResult> => ({
            ok: true,
            token: 'h.p.s',
            userData: {},
          })),
        },
        actions: { handOver: (_, p) => handed.push(p.token) },
      }),
    ).start();
    actor.send({ type: 'callback.start', code: 'c', state: 's', error: null });
    await flushPromises();
    expect(handed).toEqual(['h.p.s']);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('says the sign-in was cancelled when the provider refused', () => {
    const actor = createActor(authCallbackMachine).start();
    actor.send({ type: 'callback.start', code: null, state: null, error: 'access_denied' });
    expect(actor.getSnapshot().context.message).toBe(CALLBACK_MESSAGES.cancelled);
  });
});

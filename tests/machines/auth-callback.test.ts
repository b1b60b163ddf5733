import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authCallbackMachine, CALLBACK_MESSAGES } from '../../machines/auth/auth-callback.ts';
import type { SignInResult } from '../../domain/session-user.ts';
import { CoverageRecorder, controlledActors, flushPromises, replayOnActor } from '../support/model.ts';
import { authCallbackModel } from '../models/auth-callback.ts';
import { pathsOf } from '../models/types.ts';

const recorder = new CoverageRecorder(authCallbackMachine);
afterAll(() => recorder.save());

describe('authCallback model', () => {
  const paths = pathsOf(authCallbackModel);
  for (const path of paths) {
    it(path.description, async () => {
      const controlled = controlledActors(authCallbackModel.actors);
      const actor = await replayOnActor(authCallbackMachine, path, {
        controlled,
        recorder,
        check: (a, e) => expect(a.context.message).toEqual(e.context.message),
      });
      for (const call of controlled.calls) expect(call.input).toEqual({ code: 'c0de', state: 's7ate' });
      actor.stop();
    });
  }
});

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

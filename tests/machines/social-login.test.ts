// Mutation: socialLogin
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  SOCIAL_MESSAGES,
  socialLoginMachine,
  type AuthorizeAnswer,
} from '../../machines/auth/social-login.ts';
import type { SignedIn } from '../../domain/session-user.ts';
import { flushPromises } from '../support/model.ts';
import { socialLoginInput as input, socialSignedIn as signedIn } from '../models/social-login.ts';

describe('socialLogin timing (requirements §4, §9)', () => {
  function start(opts: { storedAfterPolls?: number; loggedIn?: boolean } = {}) {
    const clock = new SimulatedClock();
    const log: string[] = [];
    let polls = 0;
    const actor = createActor(
      socialLoginMachine.provide({
        actions: {
          reportPhase: (_, p) => log.push(`phase:${p.phase}`),
          completeSignIn: (_, p) => log.push(`complete:${p.token}`),
        },
        actors: {
          authorize: fromPromise(async (): Promise<AuthorizeAnswer> => ({
            success: true,
            authUrl: '/dev-idp/authorize',
          })),
          popup: fromCallback(({ input }) => {
            log.push(`popup:${(input as { authUrl: string }).authUrl}`);
            return () => log.push('popup:closed-by-machine');
          }),
          readStoredSignIn: fromPromise(async (): Promise<SignedIn | null> => {
            polls++;
            return opts.storedAfterPolls && polls >= opts.storedAfterPolls ? signedIn : null;
          }),
          checkLoggedIn: fromPromise(async () => opts.loggedIn ?? false),
        },
      }),
      { input, clock },
    ).start();
    return { clock, actor, log, polls: () => polls };
  }

  it('polls storage every 500 ms and times out after 20 s with the spec message', async () => {
    const { clock, actor, log, polls } = start();
    await flushPromises();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    for (let t = 0; t < 19_500; t += 500) {
      clock.increment(500);
      await flushPromises();
    }
    expect(polls()).toBe(39);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    clock.increment(500);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().output).toEqual({ ok: false, error: SOCIAL_MESSAGES.timedOut });
    expect(log).toEqual([
      'phase:connecting',
      'phase:popup',
      'popup:/dev-idp/authorize',
      'popup:closed-by-machine',
    ]);
  });

  it('ends quietly at the timeout when the session logged in meanwhile', async () => {
    const { clock, actor } = start({ loggedIn: true });
    await flushPromises();
    for (let t = 0; t < 20_000; t += 500) {
      clock.increment(500);
      await flushPromises();
    }
    expect(actor.getSnapshot().value).toBe('settledElsewhere');
    expect(actor.getSnapshot().output).toEqual({ ok: false, error: null });
  });

  it('succeeds when the token appears in storage, and completes the sign-in once', async () => {
    const { clock, actor, log } = start({ storedAfterPolls: 3 });
    await flushPromises();
    for (let i = 0; i < 3; i++) {
      clock.increment(500);
      await flushPromises();
    }
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(log.filter((l) => l.startsWith('complete:'))).toEqual(['complete:h.p.s']);
    expect(log).toContain('phase:authorized');
  });

  it('does not wait blindly on a blocked popup', async () => {
    const { actor } = start();
    await flushPromises();
    actor.send({ type: 'popup.blocked' });
    expect(actor.getSnapshot().output).toEqual({ ok: false, error: SOCIAL_MESSAGES.blocked });
  });
});

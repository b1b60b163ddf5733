import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { SESSION_TOASTS, sessionMachine, type Restored } from '../../machines/auth/session.ts';
import { adoptDecision, pollDecision, shouldToastLogin, type AuthMarks } from '../../domain/session-rules.ts';
import { flushPromises } from '../support/model.ts';
import { demoUser as demo, sessionBase as base, storageMarks as marks } from '../models/session.ts';

describe('session rules (requirements §4, §9)', () => {
  it('adopts another tab’s token unless a logout was under 3 s ago; directly within 60 s of a login', () => {
    expect(adoptDecision({ token: 't', loginTime: null, logoutTime: 97_001, now: 100_000 })).toBe('ignore');
    expect(adoptDecision({ token: 't', loginTime: null, logoutTime: 97_000, now: 100_000 })).toBe('verify');
    expect(adoptDecision({ token: 't', loginTime: 40_001, logoutTime: null, now: 100_000 })).toBe(
      'acceptDirectly',
    );
    expect(adoptDecision({ token: 't', loginTime: 40_000, logoutTime: null, now: 100_000 })).toBe('verify');
    expect(adoptDecision({ token: null, loginTime: null, logoutTime: null, now: 1 })).toBe('ignore');
  });

  it('polls: ignores a logout under 5 s old, logs out for a newer logout under 60 s old', () => {
    const now = 1_000_000;
    expect(pollDecision({ token: 't', loginTime: now - 90_000, logoutTime: now - 4_999, now }, 't')).toBe(
      'keep',
    );
    expect(pollDecision({ token: 't', loginTime: now - 90_000, logoutTime: now - 5_000, now }, 't')).toBe(
      'logoutSilently',
    );
    expect(pollDecision({ token: 't', loginTime: now - 90_000, logoutTime: now - 60_000, now }, 't')).toBe(
      'keep',
    );
    expect(pollDecision({ token: 't', loginTime: now - 10_000, logoutTime: now - 20_000, now }, 't')).toBe(
      'keep',
    );
    expect(pollDecision({ token: null, loginTime: null, logoutTime: null, now }, 't')).toBe('logoutSilently');
    expect(pollDecision({ token: 'u', loginTime: null, logoutTime: null, now }, 't')).toBe('adopt');
  });

  it('toasts a login at most once per 300000 ms', () => {
    expect(shouldToastLogin(null, 5)).toBe(true);
    expect(shouldToastLogin(1_000, 300_999)).toBe(false);
    expect(shouldToastLogin(1_000, 301_000)).toBe(true);
  });
});

describe('session flows', () => {
  function start(restored: Restored) {
    const clock = new SimulatedClock();
    const log: string[] = [];
    let listeners = 0;
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise(async () => restored),
          fetchAccount: fromPromise(async () => demo),
          serverLogout: fromPromise(async () => {
            log.push('server:logout');
          }),
          readAuthMarks: fromPromise(async (): Promise<AuthMarks> => ({
            token: 'tok-a',
            loginTime: 1,
            logoutTime: null,
            now: 2,
          })),
          storageListener: fromCallback(() => {
            listeners++;
            log.push('listen');
            return () => {
              listeners--;
              log.push('unlisten');
            };
          }),
        },
        actions: {
          persistSignIn: (_, p) => log.push(`persist:${p.token}`),
          persistUser: (_, p) => log.push(`persist-user:${p.user.fruitCnt}`),
          clearSession: () => log.push('clear'),
          announceLogin: () => log.push('event:login-success'),
          announceLogout: () => log.push('event:user-logout'),
        },
      }),
      { clock },
    ).start();
    const advance = async (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        clock.increment(100);
        await flushPromises();
      }
    };
    return { actor, log, advance, listeners: () => listeners };
  }

  it('logs out: server first, then clears, with listeners suspended 500 ms and the guard held 1500 ms more', async () => {
    const { actor, log, advance, listeners } = start({
      status: 'valid',
      token: 'tok-a',
      user: demo,
      socialLogin: false,
    });
    await flushPromises();
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(listeners()).toBe(1);
    log.length = 0;
    actor.send({ type: 'session.logout' });
    await flushPromises();
    expect(log).toEqual(['unlisten', 'server:logout', 'clear', 'event:user-logout']);
    expect(actor.getSnapshot().value).toEqual({ loggedOut: 'suspended' });
    expect(listeners()).toBe(0);
    await advance(500);
    expect(actor.getSnapshot().value).toEqual({ loggedOut: 'guarded' });
    expect(listeners()).toBe(1);
    // a token seen while guarded is not adopted
    actor.send({ type: 'storage.token', marks: marks({ loginTime: 99_000 }) });
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    await advance(1500);
    expect(actor.getSnapshot().value).toEqual({ loggedOut: 'idle' });
  });

  it('keeps a new FruitCoin balance on the user, stored, so the next page load shows it', async () => {
    const { actor, log } = start({ status: 'valid', token: 'tok-a', user: demo, socialLogin: false });
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    actor.send({ type: 'session.fruitUpdated', fruitCnt: 380 });
    expect(actor.getSnapshot().context.user?.fruitCnt).toBe(380);
    expect(log).toContain('persist-user:380');
    actor.stop();
  });

  it('takes a new name and avatar from the profile, and a refreshed token, storing both', async () => {
    const { actor, log } = start({ status: 'valid', token: 'tok-a', user: demo, socialLogin: false });
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    actor.send({ type: 'session.userUpdated', name: 'Mina' });
    expect(actor.getSnapshot().context.user).toMatchObject({ name: 'Mina', avatar: demo.avatar });
    expect(log).toContain('persist-user:420');
    actor.send({ type: 'session.tokenRefreshed', token: 'tok-new' });
    expect(actor.getSnapshot().context.token).toBe('tok-new');
    expect(log).toContain('persist:tok-new');
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    actor.stop();
  });

  it('logs out at once, silently, when another tab removes the token', async () => {
    const { actor, log } = start({ status: 'valid', token: 'tok-a', user: demo, socialLogin: false });
    await flushPromises();
    actor.send({ type: 'storage.token', marks: marks({ token: null, tokenState: 'none' }) });
    await flushPromises();
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    expect(log).toContain('event:user-logout');
  });

  it('reconciles every 5 s: a logout newer than the login (5-60 s old) logs out silently', async () => {
    const clock = new SimulatedClock();
    let reads = 0;
    const actor = createActor(
      base.provide({
        actors: {
          restoreSession: fromPromise(async (): Promise<Restored> => ({
            status: 'valid',
            token: 'tok-a',
            user: demo,
            socialLogin: false,
          })),
          serverLogout: fromPromise(async () => {}),
          readAuthMarks: fromPromise(async (): Promise<AuthMarks> => {
            reads++;
            return reads < 3
              ? { token: 'tok-a', loginTime: 1000, logoutTime: null, now: 5000 * reads }
              : { token: 'tok-a', loginTime: 1000, logoutTime: 8000, now: 15_000 };
          }),
        },
      }),
      { clock },
    ).start();
    await flushPromises();
    for (let i = 1; i <= 2; i++) {
      clock.increment(5000);
      await flushPromises();
      expect(reads).toBe(i);
      expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    }
    clock.increment(4999);
    await flushPromises();
    expect(reads).toBe(2);
    clock.increment(1);
    await flushPromises();
    await flushPromises();
    expect(reads).toBe(3);
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
  });

  it('leaves no listener behind after many login/logout cycles', async () => {
    const { actor, advance, listeners } = start({ status: 'none' });
    await flushPromises();
    for (let i = 0; i < 50; i++) {
      actor.send({ type: 'session.signedIn', token: `t${i}`, userData: { userId: 'u-1' }, now: i * 1000 });
      await flushPromises();
      actor.send({ type: 'session.logout' });
      await flushPromises();
      await advance(2000);
    }
    expect(listeners()).toBe(1);
    actor.stop();
    expect(listeners()).toBe(0);
  });
});

describe('the session ends when the server says it has (issue 15)', () => {
  /**
   * A restored member, with the calls and messages the session makes written to `log`: the server's
   * logout, the account re-read, storage, window events, and the toasts and cart count it tells.
   */
  function member(options: { refresh?: () => Promise<typeof demo> } = {}) {
    const log: string[] = [];
    let logoutSettles: () => void = () => {};
    const actor = createActor(
      base.provide({
        actors: {
          restoreSession: fromPromise(async (): Promise<Restored> => ({
            status: 'valid',
            token: 'tok-a',
            user: demo,
            socialLogin: false,
          })),
          fetchAccount: fromPromise(async () => demo),
          refreshAccount: fromPromise(async ({ input }: { input: { token: string } }) => {
            log.push(`server:account:${input.token}`);
            return options.refresh ? options.refresh() : demo;
          }),
          serverLogout: fromPromise(
            () =>
              new Promise<void>((resolve) => {
                log.push('server:logout');
                logoutSettles = resolve;
              }),
          ),
          readAuthMarks: fromPromise(async (): Promise<AuthMarks> => ({
            token: 'tok-a',
            loginTime: 1,
            logoutTime: null,
            now: 2,
          })),
        },
        actions: {
          persistSignIn: (_, p) => log.push(`persist:${p.token}`),
          persistUser: (_, p) => log.push(`persist-user:${p.user.fruitCnt}`),
          clearSession: () => log.push('clear'),
          announceLogin: () => log.push('event:login-success'),
          announceLogout: () => log.push('event:user-logout'),
          // the cart count follows this announcement (machines/system/follow-session.ts)
          announceEnded: () => log.push('cart:zero'),
          toastLoggedOut: () => log.push(`toast:${SESSION_TOASTS.loggedOut}`),
          toastSessionEnded: () => log.push(`toast:${SESSION_TOASTS.ended}`),
        },
      }),
    ).start();
    return { actor, log, settleLogout: () => logoutSettles() };
  }
  const ENDED = `toast:${SESSION_TOASTS.ended}`;

  it('a 401 on the current token ends the session locally, with one "Your session has ended" toast', async () => {
    const { actor, log } = member();
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    await flushPromises();
    log.length = 0;
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    // the server has already ended it: no logout call, cleared here as an expired token is
    expect(log).toEqual(['clear', 'cart:zero', 'event:user-logout', ENDED]);
    expect(actor.getSnapshot().value).toEqual({ loggedOut: 'suspended' });
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, revoked: true });
    // the other calls that failed at the same time change nothing more
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    expect(log.filter((l) => l === ENDED)).toHaveLength(1);
    expect(log).not.toContain(`toast:${SESSION_TOASTS.loggedOut}`);
    actor.stop();
  });

  it('a 401 for a token that is no longer the current one does not end the new session', async () => {
    const { actor, log } = member();
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    actor.send({ type: 'session.signedIn', token: 'tok-new', userData: { userId: 'u-1' }, now: 1_000_000 });
    log.length = 0;
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('tok-new');
    expect(log).toEqual([]);
    actor.stop();
  });

  it("the logout's own call answering 401 does not start a second logout", async () => {
    const { actor, log, settleLogout } = member();
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    log.length = 0;
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    settleLogout();
    await waitFor(actor, (s) => s.hasTag('loggedOut'));
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    expect(log).toEqual([
      'server:logout',
      'clear',
      'cart:zero',
      'event:user-logout',
      `toast:${SESSION_TOASTS.loggedOut}`,
    ]);
    expect(actor.getSnapshot().context.revoked).toBe(false);
    actor.stop();
  });

  it('a sign-in after a revocation starts a session that is not marked as ended by the server', async () => {
    const { actor } = member();
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    actor.send({ type: 'session.signedIn', token: 'tok-b', userData: { userId: 'u-1' }, now: 1_000_000 });
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.revoked).toBe(false);
    actor.stop();
  });

  it('on restore, re-reads the account once, showing the stored user meanwhile, and keeps the new balance', async () => {
    let answer: (user: typeof demo) => void = () => {};
    const { actor, log } = member({ refresh: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    // the stored user is shown at once, no "Loading your account…"
    expect(actor.getSnapshot().context.user).toEqual(demo);
    expect(actor.getSnapshot().hasTag('loadingUser')).toBe(false);
    expect(log).toEqual(['server:account:tok-a']);
    answer({ ...demo, fruitCnt: 55 });
    await waitFor(actor, (s) => s.matches({ loggedIn: { account: 'ready' } }));
    expect(actor.getSnapshot().context.user?.fruitCnt).toBe(55);
    expect(log).toEqual(['server:account:tok-a', 'persist-user:55']);
    // once: the poll and the rest of the visit do not ask again
    actor.send({ type: 'session.fruitUpdated', fruitCnt: 50 });
    expect(log.filter((l) => l.startsWith('server:account'))).toHaveLength(1);
    actor.stop();
  });

  it('on restore, a re-read that fails keeps the stored user', async () => {
    const { actor } = member({ refresh: () => Promise.reject(new Error('offline')) });
    await waitFor(actor, (s) => s.matches({ loggedIn: { account: 'ready' } }));
    expect(actor.getSnapshot().context.user).toEqual(demo);
    actor.stop();
  });

  it('on restore, a re-read refused with 401 ends the session with the toast', async () => {
    const { actor, log } = member({ refresh: () => new Promise(() => {}) });
    await waitFor(actor, (s) => s.hasTag('loggedIn'));
    // what the API client does when the accounts call answers 401 (src/platform/api.ts)
    actor.send({ type: 'session.revoked', token: 'tok-a' });
    expect(actor.getSnapshot().hasTag('loggedOut')).toBe(true);
    expect(log).toContain(ENDED);
    actor.stop();
  });

  it('sends the toast texts of requirements §4, and the one for a session the server ended', () => {
    expect(SESSION_TOASTS).toEqual({
      loggedIn: 'You have successfully logged in',
      loggedOut: 'You have been successfully logged out',
      ended: 'Your session has ended. Please log in again.',
    });
  });
});

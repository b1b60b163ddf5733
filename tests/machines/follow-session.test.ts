import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type AnyEventObject } from 'xstate';
import { sessionMachine, type Restored } from '../../machines/auth/session.ts';
import { followSession, type SessionFollow } from '../../machines/system/follow-session.ts';
import { demoUser } from '../models/session.ts';

/**
 * A root with a real session (its effects faked) and one follower that writes down what it is told: the
 * session names no other actor (issue 16); what it announces reaches whoever follows it.
 */
function system(restored: Restored) {
  const heard: string[] = [];
  const session = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => restored),
      fetchAccount: fromPromise(async () => demoUser),
      serverLogout: fromPromise(async () => {}),
      storageListener: fromCallback(() => () => {}),
    },
    actions: {
      persistSignIn: () => {},
      clearSession: () => {},
      announceLogin: () => {},
      announceLogout: () => {},
    },
  });
  const listener = setup({
    types: { events: {} as AnyEventObject },
    actors: { followSession },
  }).createMachine({
    invoke: {
      src: 'followSession',
      input: {
        adopted: { type: 'adopted' },
        member: (token) => ({ type: `member:${token}` }),
        ended: { type: 'ended' },
        visitor: { type: 'visitor' },
      } satisfies SessionFollow<AnyEventObject>,
    },
    on: { '*': { actions: ({ event }) => heard.push(event.type) } },
  });
  const root = setup({ actors: { session, listener } }).createMachine({
    invoke: [
      { src: 'session', systemId: 'session' },
      { src: 'listener', systemId: 'cart' },
    ],
  });
  const actor = createActor(root).start();
  const sessionRef = actor.system.get('session');
  return { heard, session: sessionRef };
}

describe('followSession: the session announces, its followers hear', () => {
  it('a restore without a session: the follower hears a visitor', async () => {
    const { heard, session } = system({ status: 'none' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    expect(heard.filter((t) => !t.startsWith('xstate.'))).toEqual(['visitor']);
  });

  it('a sign-in then a logout: adopted, the member with its token, then ended and a visitor', async () => {
    const { heard, session } = system({ status: 'none' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    session.send({
      type: 'session.signedIn',
      token: 'a.b.c',
      userData: { userId: 'u-1', providerUsername: 'Mina', fruitCnt: 5 },
      now: 1,
    });
    await waitFor(session, (s) => s.hasTag('loggedIn'));
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    expect(heard.filter((t) => !t.startsWith('xstate.'))).toEqual([
      'visitor',
      'adopted',
      'member:a.b.c',
      'ended',
      'visitor',
    ]);
  });
});

// Who is signed in: the session restored at start, signed in and out, kept in step with other tabs
// (storage events and a 5 s reconciliation) and with the member's account.
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { sessionMachine, type SessionContext, type StorageMarks } from '../../machines/auth/session.ts';
import type { SessionUser } from '../../domain/session-user.ts';
import type { MachineModel } from './types.ts';

export const demoUser: SessionUser = {
  memberId: 'u-1',
  name: 'Demo Shopper',
  avatar: '/a.webp',
  fruitCnt: 420,
};
export const storageMarks = (over: Partial<StorageMarks>): StorageMarks => ({
  token: 'tok-b',
  loginTime: null,
  logoutTime: null,
  now: 100_000,
  tokenState: 'valid',
  storedUser: demoUser,
  ...over,
});

/** The session with a quiet storage listener: other tabs speak through the paths' `storage.token`. */
export const sessionBase = sessionMachine.provide({
  actors: { storageListener: fromCallback(() => () => {}) },
});

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  session: 'The header\'s right-hand side: "Log in", or the balance, cart and avatar',
  'session.restoring': 'A placeholder the size of the account area ("Checking your sign-in…")',
  'session.loggedOut': 'The header shows "Log in"; member pages say "Log in to see …"',
  'session.loggedOut.suspended':
    'Logged out: "Log in" in the header, toast "You have been successfully logged out" (or, when the server ended the session, "Your session has ended. Please log in again." and a member page\'s "Log in to see …")',
  'session.loggedOut.guarded': 'Logged out: "Log in" in the header',
  'session.loggedOut.idle': 'Logged out: "Log in" in the header',
  'session.loggedIn': "The header shows the FruitCoin balance, the cart and the member's avatar menu",
  'session.loggedIn.account': "The member's name, avatar and balance in the header",
  'session.loggedIn.account.checking': 'Balance, cart and avatar of the stored user',
  'session.loggedIn.account.loading': 'Cart icon and an avatar placeholder ("Loading your account…")',
  'session.loggedIn.account.refreshing':
    'The stored name, avatar and balance while the account is read again (the balance updates if it changed)',
  'session.loggedIn.account.ready':
    'The balance, the cart and the avatar menu (Profile, Messages, Orders, Fruit History, Settings, Log out)',
  'session.loggedIn.poll': 'The signed-in header (other tabs are checked every 5 s)',
  'session.loggedIn.poll.waiting': 'The signed-in header',
  'session.loggedIn.poll.reading': 'The signed-in header',
  'session.loggingOut': 'The header during logging out (the signed-in look until it is done)',
};

export const sessionModel: MachineModel = {
  sees: SEES,
  machine: sessionBase,
  actors: ['restoreSession', 'fetchAccount', 'refreshAccount', 'serverLogout', 'readAuthMarks'],
  samples: {
    'xstate.done.actor.restoreSession': [
      { type: 'xstate.done.actor.restoreSession', output: { status: 'none' } },
      { type: 'xstate.done.actor.restoreSession', output: { status: 'invalid' } },
      { type: 'xstate.done.actor.restoreSession', output: { status: 'expired', token: 'old' } },
      {
        type: 'xstate.done.actor.restoreSession',
        output: { status: 'valid', token: 'tok-a', user: demoUser, socialLogin: false },
      },
      {
        type: 'xstate.done.actor.restoreSession',
        output: { status: 'valid', token: 'tok-a', user: null, socialLogin: true },
      },
    ],
    'xstate.error.actor.restoreSession': [
      { type: 'xstate.error.actor.restoreSession', error: new Error('x') },
    ],
    'session.signedIn': [
      {
        type: 'session.signedIn',
        token: 'tok-a',
        userData: { userId: 'u-1', providerUsername: 'Demo Shopper' },
        now: 1_000_000,
      },
      { type: 'session.signedIn', token: 'tok-c', now: 1_100_000 },
    ],
    'session.logout': [{ type: 'session.logout' }, { type: 'session.logout', automatic: true }],
    'session.userUpdated': [{ type: 'session.userUpdated', name: 'Mina', avatar: '/api/avatars/u-1.webp' }],
    'session.tokenRefreshed': [{ type: 'session.tokenRefreshed', token: 'tok-refreshed' }],
    'session.fruitUpdated': [{ type: 'session.fruitUpdated', fruitCnt: 380 }],
    'storage.token': [
      { type: 'storage.token', marks: storageMarks({ loginTime: 90_000 }) },
      { type: 'storage.token', marks: storageMarks({ loginTime: 10_000 }) },
      { type: 'storage.token', marks: storageMarks({ logoutTime: 98_000 }) },
      { type: 'storage.token', marks: storageMarks({ token: null, tokenState: 'none' }) },
    ],
    'xstate.done.actor.fetchAccount': [{ type: 'xstate.done.actor.fetchAccount', output: demoUser }],
    'xstate.error.actor.fetchAccount': [{ type: 'xstate.error.actor.fetchAccount', error: new Error('x') }],
    'xstate.done.actor.refreshAccount': [
      { type: 'xstate.done.actor.refreshAccount', output: { ...demoUser, fruitCnt: 55 } },
    ],
    'xstate.error.actor.refreshAccount': [
      { type: 'xstate.error.actor.refreshAccount', error: new Error('offline') },
    ],
    // the API client's report of a 401: for the token in use, and for one already replaced (stale)
    'session.revoked': [
      { type: 'session.revoked', token: 'tok-a' },
      { type: 'session.revoked', token: 'tok-stale' },
    ],
    'xstate.done.actor.serverLogout': [{ type: 'xstate.done.actor.serverLogout', output: undefined }],
    'xstate.error.actor.serverLogout': [
      { type: 'xstate.error.actor.serverLogout', error: new Error('offline') },
    ],
    'xstate.done.actor.readAuthMarks': [
      {
        type: 'xstate.done.actor.readAuthMarks',
        output: { token: 'tok-a', loginTime: 1, logoutTime: null, now: 10 },
      },
      {
        type: 'xstate.done.actor.readAuthMarks',
        output: { token: null, loginTime: 1, logoutTime: 50_000, now: 60_000 },
      },
      {
        type: 'xstate.done.actor.readAuthMarks',
        output: { token: 'tok-z', loginTime: 1, logoutTime: null, now: 10 },
      },
    ],
    'xstate.error.actor.readAuthMarks': [{ type: 'xstate.error.actor.readAuthMarks', error: new Error('x') }],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as SessionContext;
    return [
      JSON.stringify(s.value),
      c.token,
      JSON.stringify(c.user),
      c.automatic,
      c.lastLoginToastAt,
      c.revoked,
    ].join('|');
  },
  observe: (c: SessionContext) => ({ token: c.token, user: c.user, revoked: c.revoked }),
  maxSteps: 6,
};

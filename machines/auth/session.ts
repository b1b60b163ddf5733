import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { SessionEmitted } from '../system/follow-session.ts';
import { tell } from '../system/tell.ts';
import {
  adoptDecision,
  pollDecision,
  SESSION_ENDED_MESSAGE,
  shouldToastLogin,
  type AuthMarks,
} from '../../domain/session-rules.ts';
import { toSessionUser, type SessionUser, type UserData } from '../../domain/session-user.ts';

export const SESSION_TOASTS = {
  loggedIn: 'You have successfully logged in',
  loggedOut: 'You have been successfully logged out',
  /** The server ended the session (a call with its token was refused with 401). */
  ended: SESSION_ENDED_MESSAGE,
} as const;

/** What the adapter finds at start (requirements §4: local storage token, else session storage's). */
export type Restored = (
  | { status: 'none' }
  | { status: 'invalid' }
  | { status: 'expired'; token: string }
  | { status: 'valid'; token: string; user: SessionUser | null; socialLogin: boolean }
) & {
  /** When "You have successfully logged in" was last shown (local storage last_login). */
  lastLoginToastAt?: number | null;
};

/** The storage adapter's view of a change, read when it happened. */
export interface StorageMarks extends AuthMarks {
  /** The new token checked: three parts and a decodable, unexpired payload. */
  tokenState: 'none' | 'valid' | 'invalid' | 'expired';
  storedUser: SessionUser | null;
}

export type SessionEvent =
  /** Any sign-in (email, guest, social popup, callback page) hands over its token and user. */
  | { type: 'session.signedIn'; token: string; userData?: UserData | null; now: number }
  | { type: 'session.logout'; automatic?: boolean }
  | { type: 'session.fruitUpdated'; fruitCnt: number }
  /** The profile page changed the name or avatar: the header shows it at once (and it is stored). */
  | { type: 'session.userUpdated'; name?: string; avatar?: string }
  /** A password change signed out the other sessions and gave this one a new token. */
  | { type: 'session.tokenRefreshed'; token: string }
  /** From the storage listener: the token key changed in another tab. */
  | { type: 'storage.token'; marks: StorageMarks }
  /**
   * From the API client: a call made with `token` was answered 401, so the server no longer takes it
   * (signed out everywhere, a password changed or the account deleted elsewhere).
   */
  | { type: 'session.revoked'; token: string };

export interface SessionContext {
  token: string | null;
  user: SessionUser | null;
  lastLoginToastAt: number | null;
  /** The logout in progress is automatic (expiry, another tab): no toast. */
  automatic: boolean;
  /** User data that came with the sign-in, if any: no account fetch needed. */
  pendingUser: SessionUser | null;
  /** The last session ended because the server refused its token (until the next sign-in). */
  revoked: boolean;
}

/**
 * requirements §4 Session: restore at start, adopt sign-ins, follow other tabs (storage events) and
 * reconcile every `authPoll`, log out with the listeners suspended (`listenerResume`, then
 * `guardRelease`). Storage, cookies, window events and HTTP are actors and actions from src/.
 */
type ContextArgs = { context: SessionContext };

/** Adopting a sign-in: the token and user, stored, announced (the window event, then `session.adopted`). */
const ADOPT_SIGN_IN = [
  'setSignedIn',
  {
    type: 'persistSignIn',
    params: ({ context }: ContextArgs) => ({ token: context.token ?? '', user: context.user }),
  },
  'announceLogin',
  'announceAdopted',
] as const;

/**
 * A sign-in from signed out (`reenter` false) or replacing the session (`reenter` true): the same
 * steps, with the "logged in" toast only when it is due (requirements §4).
 */
const signInTransitions = (reenter: boolean) =>
  [
    {
      guard: 'toastDue',
      target: 'loggedIn',
      reenter,
      actions: [
        ...ADOPT_SIGN_IN,
        'toastLoggedIn',
        'noteLoginToast',
        {
          type: 'rememberLoginToast',
          params: ({ context }: ContextArgs) => ({ at: context.lastLoginToastAt ?? 0 }),
        },
      ],
    },
    { target: 'loggedIn', reenter, actions: ADOPT_SIGN_IN },
  ] as const;

export const sessionMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    tags: {} as 'pending' | 'loggedOut' | 'loggedIn' | 'loadingUser' | 'loggingOut',
  },
  delays: {
    authPoll: 5000,
    listenerResume: 500,
    guardRelease: 1500,
  },
  actors: {
    restoreSession: fromPromise<Restored>(() => {
      throw new Error('restoreSession must be provided');
    }),
    /** GET /api/social/accounts with requirements §7's fallbacks (claims user, then the temporary user). */
    fetchAccount: fromPromise<SessionUser, { token: string }>(() => {
      throw new Error('fetchAccount must be provided');
    }),
    /**
     * GET /api/social/accounts again for a user restored from storage (a balance may have changed on
     * another device); rejects when it is not answered with the user, and the stored one stays.
     */
    refreshAccount: fromPromise<SessionUser, { token: string }>(() => {
      throw new Error('refreshAccount must be provided');
    }),
    serverLogout: fromPromise<void, { token: string; memberId: string }>(() => {
      throw new Error('serverLogout must be provided');
    }),
    readAuthMarks: fromPromise<AuthMarks>(() => {
      throw new Error('readAuthMarks must be provided');
    }),
    storageListener: fromCallback<SessionEvent>(() => {
      throw new Error('storageListener must be provided');
    }),
  },
  actions: {
    /** Store token and user, record the login time, remove the logout time. */
    persistSignIn: (_, _params: { token: string; user: SessionUser | null }) => {},
    persistUser: (_, _params: { user: SessionUser }) => {},
    /** Clear token, user, auth-state keys and cookies; record the logout time. */
    clearSession: () => {},
    /** The login-success / user-logout window events. */
    announceLogin: () => {},
    announceLogout: () => {},
    rememberLoginToast: (_, _params: { at: number }) => {},
    /** Remove social_login=success from the address by replacing it. */
    cleanSocialLoginParam: () => {},
    // Its toasts, by the toast's systemId (dropped when a session tested alone has none).
    toastLoggedIn: tell('toast', {
      type: 'toast.show',
      kind: 'success',
      message: SESSION_TOASTS.loggedIn,
    }),
    toastLoggedOut: tell('toast', {
      type: 'toast.show',
      kind: 'success',
      message: SESSION_TOASTS.loggedOut,
    }),
    toastSessionEnded: tell('toast', {
      type: 'toast.show',
      kind: 'error',
      message: SESSION_TOASTS.ended,
    }),
    /**
     * What the session announces (`SessionEmitted`): it names no other actor, and whoever cares follows
     * it (machines/system/follow-session.ts): the member's machines, the catalog actors, the dialog.
     */
    announceAdopted: emit({ type: 'session.adopted' }),
    announceEnded: emit({ type: 'session.ended' }),
    announceMember: emit(({ context }) => ({ type: 'session.member', token: context.token ?? '' })),
    announceVisitor: emit({ type: 'session.visitor' }),
    noteRestoredToast: assign({
      lastLoginToastAt: ({ context, event }) =>
        'output' in event ? ((event.output as Restored).lastLoginToastAt ?? null) : context.lastLoginToastAt,
    }),
    setSignedIn: assign(({ event }) => {
      if (event.type !== 'session.signedIn') return {};
      const user = event.userData ? toSessionUser(event.userData) : null;
      return { token: event.token, user, pendingUser: user, automatic: false };
    }),
    noteLoginToast: assign({
      lastLoginToastAt: ({ context, event }) =>
        event.type === 'session.signedIn' ? event.now : context.lastLoginToastAt,
    }),
    adoptFromStorage: assign(({ event }) => {
      if (event.type !== 'storage.token') return {};
      const direct = adoptDecision(event.marks) === 'acceptDirectly' ? event.marks.storedUser : null;
      return { token: event.marks.token, user: direct, pendingUser: direct, automatic: false };
    }),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    automaticLogout: ({ context }) => context.automatic,
    sameToken: ({ context, event }) => event.type === 'session.signedIn' && event.token === context.token,
    restoredValid: ({ event }) => 'output' in event && (event.output as Restored).status === 'valid',
    restoredWithUser: ({ event }) =>
      'output' in event &&
      (event.output as Restored).status === 'valid' &&
      (event.output as Extract<Restored, { status: 'valid' }>).user !== null,
    /** A refusal of the token in use; one of a token already replaced (stale) changes nothing. */
    currentTokenRefused: ({ context, event }) =>
      event.type === 'session.revoked' && context.token !== null && event.token === context.token,
    restoredExpired: ({ event }) => 'output' in event && (event.output as Restored).status === 'expired',
    restoredInvalid: ({ event }) => 'output' in event && (event.output as Restored).status === 'invalid',
    hasPendingUser: ({ context }) => context.pendingUser !== null,
    toastDue: ({ context, event }) =>
      event.type === 'session.signedIn' && shouldToastLogin(context.lastLoginToastAt, event.now),
    storageAcceptsDirectly: ({ event }) =>
      event.type === 'storage.token' &&
      event.marks.tokenState === 'valid' &&
      adoptDecision(event.marks) === 'acceptDirectly',
    storageNeedsCheck: ({ event }) =>
      event.type === 'storage.token' &&
      event.marks.tokenState === 'valid' &&
      adoptDecision(event.marks) === 'verify',
    storageTokenRemoved: ({ event }) => event.type === 'storage.token' && event.marks.token === null,
    storageTokenOther: ({ context, event }) =>
      event.type === 'storage.token' && event.marks.token !== null && event.marks.token !== context.token,
    pollSaysLogout: ({ context, event }) =>
      'output' in event && pollDecision(event.output as AuthMarks, context.token ?? '') === 'logoutSilently',
    pollSaysAdopt: ({ context, event }) =>
      'output' in event && pollDecision(event.output as AuthMarks, context.token ?? '') === 'adopt',
  },
}).createMachine({
  id: 'session',
  context: {
    token: null,
    user: null,
    lastLoginToastAt: null,
    automatic: false,
    pendingUser: null,
    revoked: false,
  },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['pending'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            // the stored user is shown at once, and the account read again for what changed elsewhere
            guard: 'restoredWithUser',
            target: '#session.loggedIn.account.refreshing',
            actions: [
              'noteRestoredToast',
              assign(({ event }) =>
                event.output.status === 'valid' ? { token: event.output.token, user: event.output.user } : {},
              ),
              { type: 'cleanSocialLoginParam' },
              'announceAdopted',
            ],
          },
          {
            guard: 'restoredValid',
            target: 'loggedIn',
            actions: [
              'noteRestoredToast',
              assign(({ event }) =>
                event.output.status === 'valid'
                  ? { token: event.output.token, user: event.output.user, pendingUser: event.output.user }
                  : {},
              ),
              { type: 'cleanSocialLoginParam' },
              'announceAdopted',
            ],
          },
          {
            guard: 'restoredExpired',
            target: 'loggingOut',
            actions: ['noteRestoredToast', assign({ automatic: true })],
          },
          { guard: 'restoredInvalid', target: 'loggedOut', actions: ['noteRestoredToast', 'clearSession'] },
          { target: 'loggedOut', actions: 'noteRestoredToast' },
        ],
        onError: 'loggedOut',
      },
    },

    loggedOut: {
      tags: ['loggedOut'],
      entry: [assign({ token: null, user: null, pendingUser: null }), 'announceVisitor'],
      on: {
        'session.signedIn': signInTransitions(false),
      },
      initial: 'idle',
      states: {
        suspended: {
          description:
            // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
            'Just logged out: no storage listener, so our own clearing is not mistaken for another tab.',
          after: { listenerResume: 'guarded' },
        },
        guarded: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Listener back; tokens seen in storage are still ignored until the guard is released.',
          invoke: { id: 'storageListener', src: 'storageListener' },
          after: { guardRelease: 'idle' },
        },
        idle: {
          invoke: { id: 'storageListener', src: 'storageListener' },
          on: {
            'storage.token': [
              {
                guard: 'storageAcceptsDirectly',
                target: '#session.loggedIn',
                actions: ['adoptFromStorage', 'announceAdopted'],
              },
              {
                guard: 'storageNeedsCheck',
                target: '#session.loggedIn',
                actions: ['adoptFromStorage', 'announceAdopted'],
              },
            ],
          },
        },
      },
    },

    loggedIn: {
      tags: ['loggedIn'],
      entry: [assign({ revoked: false }), 'announceMember'],
      type: 'parallel',
      on: {
        // The server refused this session's token: it has ended it already, so nothing is asked of it
        // (a logout call would be refused too); everything else is a logout's, with its own toast.
        // Only while logged in: the logout's own call answering 401 is not a second logout.
        'session.revoked': {
          guard: 'currentTokenRefused',
          target: 'loggedOut.suspended',
          actions: [
            'clearSession',
            'announceEnded',
            'announceLogout',
            'toastSessionEnded',
            assign({ revoked: true, automatic: false }),
          ],
        },
        'session.logout': {
          target: 'loggingOut',
          actions: assign({ automatic: ({ event }) => Boolean(event.automatic) }),
        },
        // A sign-in while signed in (another account, a refreshed token) replaces the session.
        'session.signedIn': [
          // the same sign-in reported twice (the popup's message and its stored token) is one
          { guard: 'sameToken' },
          ...signInTransitions(true),
        ],
        'session.userUpdated': {
          guard: 'hasUser',
          actions: [
            assign({
              user: ({ context, event }) =>
                context.user
                  ? {
                      ...context.user,
                      ...(event.name !== undefined ? { name: event.name } : {}),
                      ...(event.avatar !== undefined ? { avatar: event.avatar } : {}),
                    }
                  : null,
            }),
            { type: 'persistUser', params: ({ context }) => ({ user: context.user! }) },
          ],
        },
        'session.tokenRefreshed': {
          actions: [
            assign({ token: ({ event }) => event.token }),
            {
              type: 'persistSignIn',
              params: ({ context }) => ({ token: context.token ?? '', user: context.user }),
            },
          ],
        },
        // requirements §4: the balance changes on the current user, and is kept as the stored user is,
        // so a page loaded afterwards (back from the payment page) shows it too.
        'session.fruitUpdated': {
          guard: 'hasUser',
          actions: [
            assign({
              user: ({ context, event }) =>
                context.user ? { ...context.user, fruitCnt: event.fruitCnt } : null,
            }),
            {
              type: 'persistUser',
              params: ({ context }) => ({ user: context.user! }),
            },
          ],
        },
        'storage.token': [
          { guard: 'storageTokenRemoved', target: 'loggingOut', actions: assign({ automatic: true }) },
          {
            guard: 'storageTokenOther',
            target: 'loggedIn',
            reenter: true,
            actions: ['adoptFromStorage', 'announceAdopted'],
          },
        ],
      },
      invoke: { id: 'storageListener', src: 'storageListener' },
      states: {
        account: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasPendingUser', target: 'ready' }, { target: 'loading' }] },
            loading: {
              tags: ['loadingUser'],
              invoke: {
                id: 'fetchAccount',
                src: 'fetchAccount',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({ user: ({ event }) => event.output }),
                    { type: 'persistUser', params: ({ event }) => ({ user: event.output }) },
                  ],
                },
                onError: {
                  target: 'ready',
                  actions: assign({ user: () => toSessionUser({ id: 'temp-user', name: 'User' }) }),
                },
              },
            },
            refreshing: {
              description:
                // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
                'Restored with a stored user, shown at once; the account is read again, once, for a balance changed elsewhere.',
              invoke: {
                id: 'refreshAccount',
                src: 'refreshAccount',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({ user: ({ event }) => event.output }),
                    { type: 'persistUser', params: ({ event }) => ({ user: event.output }) },
                  ],
                },
                // not answered: the stored user stays (a refused token ends the session instead)
                onError: 'ready',
              },
            },
            ready: { entry: assign({ pendingUser: null }) },
          },
        },
        poll: {
          initial: 'waiting',
          states: {
            waiting: { after: { authPoll: 'reading' } },
            reading: {
              invoke: {
                id: 'readAuthMarks',
                src: 'readAuthMarks',
                onDone: [
                  {
                    guard: 'pollSaysLogout',
                    target: '#session.loggingOut',
                    actions: assign({ automatic: true }),
                  },
                  {
                    guard: 'pollSaysAdopt',
                    target: '#session.loggedIn',
                    reenter: true,
                    // another tab's sign-in, as a storage event's: announced (the cart count refreshes)
                    actions: [
                      assign({ token: ({ event }) => event.output.token, pendingUser: null }),
                      'announceAdopted',
                    ],
                  },
                  { target: 'waiting' },
                ],
                onError: 'waiting',
              },
            },
          },
        },
      },
    },

    loggingOut: {
      tags: ['loggingOut'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Tell the server (its failure is ignored), then clear everything locally.',
      invoke: {
        id: 'serverLogout',
        src: 'serverLogout',
        input: ({ context }) => ({ token: context.token ?? '', memberId: context.user?.memberId ?? '' }),
        onDone: [
          {
            guard: 'automaticLogout',
            target: 'loggedOut.suspended',
            actions: ['clearSession', 'announceEnded', 'announceLogout', assign({ automatic: false })],
          },
          {
            target: 'loggedOut.suspended',
            actions: [
              'clearSession',
              'announceEnded',
              'announceLogout',
              'toastLoggedOut',
              assign({ automatic: false }),
            ],
          },
        ],
        onError: [
          {
            guard: 'automaticLogout',
            target: 'loggedOut.suspended',
            actions: ['clearSession', 'announceEnded', 'announceLogout', assign({ automatic: false })],
          },
          {
            target: 'loggedOut.suspended',
            actions: [
              'clearSession',
              'announceEnded',
              'announceLogout',
              'toastLoggedOut',
              assign({ automatic: false }),
            ],
          },
        ],
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    session: SessionEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    session: ActorRefFrom<typeof sessionMachine>;
  }
}

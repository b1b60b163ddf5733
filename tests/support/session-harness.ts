// The system the session's model paths (tests/models/spec/session.ts) are replayed in, shared by its
// model test (tests/machines/session.model.test.ts) and `npm run replay -- session <n>`, which replays
// the same paths in Node (tests/replay/node-runner.ts). The session runs in a small system beside a
// toast that writes down what it is told; what it stores and tells the window (src/'s actions) and
// what it announces (its emitted events) go to one log, in order, and its storage listener counts as
// running while it runs. The replay (tests/support/spec-model.ts) holds its calls and its clock.
import {
  forwardTo,
  fromCallback,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { sessionMachine } from '../../machines/auth/session.ts';
import { user, view } from '../../machines/auth/session.selectors.ts';
import type { ReplayTarget } from './spec-model.ts';

export interface Heard {
  said: string[];
  announced: string[];
  toasts: string[];
  listening: number;
}

/** The session's calls the replay holds and settles (or fails) when a path says. */
export const SESSION_EFFECTS = [
  'restoreSession',
  'fetchAccount',
  'refreshAccount',
  'serverLogout',
  'readAuthMarks',
];

/**
 * The system the session runs in, as a machine the replay can provide its effects to: `provide` puts
 * them into the session, which runs with systemId "session" beside a recording "toast".
 */
export function systemOf(heard: Heard): AnyStateMachine {
  const build = (actors: Record<string, AnyActorLogic>) => {
    const session = sessionMachine.provide({
      actors: {
        ...actors,
        storageListener: fromCallback(() => {
          heard.listening++;
          return () => {
            heard.listening--;
          };
        }),
      } as never,
      actions: {
        persistSignIn: (_, p) => heard.said.push(`persistSignIn ${p.token} ${JSON.stringify(p.user)}`),
        persistUser: (_, p) => heard.said.push(`persistUser ${JSON.stringify(p.user)}`),
        clearSession: () => heard.said.push('clearSession'),
        announceLogin: () => heard.said.push('login-success event'),
        announceLogout: () => heard.said.push('user-logout event'),
        rememberLoginToast: (_, p) => heard.said.push(`rememberLoginToast ${p.at}`),
        cleanSocialLoginParam: () => heard.said.push('cleanSocialLoginParam'),
      },
    });
    const toast = fromCallback<EventObject>(({ receive }) => {
      receive((event) => {
        const { kind, message } = event as unknown as { kind: string; message: string };
        heard.toasts.push(`${event.type === 'toast.show' ? '' : `${event.type} `}${kind}: ${message}`);
      });
    });
    return setup({ actors: { session, toast } }).createMachine({
      invoke: [
        { src: 'toast', systemId: 'toast' },
        { id: 'session', src: 'session', systemId: 'session' },
      ],
      // what the page, the API client and other tabs tell the session
      on: { '*': { actions: forwardTo('session') } },
    });
  };
  return { provide: ({ actors }: { actors: Record<string, AnyActorLogic> }) => build(actors) } as never;
}

/**
 * What one replay of a session path runs and reads (fresh for each path): the session in its system,
 * the calls the replay holds, and what the session shows in the model's terms (`sessionSpec.expect`).
 */
export function sessionTarget(): ReplayTarget {
  const heard: Heard = { said: [], announced: [], toasts: [], listening: 0 };
  const listened = new WeakSet<AnyActorRef>();
  return {
    machine: systemOf(heard),
    effects: SESSION_EFFECTS,
    observe: ({ snapshot }) => {
      const session = (snapshot.children as Record<string, AnyActorRef>).session!;
      // what it announces, heard from its start (it says nothing before its restore answers)
      if (!listened.has(session)) {
        listened.add(session);
        session.on('*', (event: EventObject & { token?: string }) =>
          heard.announced.push(event.token === undefined ? event.type : `${event.type} ${event.token}`),
        );
      }
      const s = session.getSnapshot();
      return {
        view: view(s),
        restoring: s.hasTag('pending'),
        loadingAccount: s.hasTag('loadingUser'),
        loggingOut: s.hasTag('loggingOut'),
        running: Object.keys(s.children).sort(),
        token: s.context.token,
        user: user(s),
        revoked: s.context.revoked,
        listening: heard.listening,
        said: heard.said.splice(0),
        announced: heard.announced.splice(0),
        toasts: heard.toasts.splice(0),
      };
    },
  };
}

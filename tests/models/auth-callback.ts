// The /auth/callback page a provider sends the person back to: exchanges the code for a sign-in.
import type { AnyMachineSnapshot } from 'xstate';
import { authCallbackMachine } from '../../machines/auth/auth-callback.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  authCallback: 'The /auth/callback page the provider sends the person back to',
  'authCallback.idle': 'The callback page before it reads the address: "Completing sign-in…" with a spinner',
  'authCallback.exchanging': '"Completing sign-in…" card with a spinner',
  'authCallback.done': '"Signed in" card: authorization successful, redirecting',
  'authCallback.failed': '"Sign-in did not finish" with the reason, "Close window" / "Back to home"',
};

export const authCallbackModel: MachineModel = {
  sees: SEES,
  machine: authCallbackMachine,
  actors: ['exchangeCode'],
  samples: {
    'callback.start': [
      { type: 'callback.start', code: 'c0de', state: 's7ate', error: null },
      { type: 'callback.start', code: null, state: 's7ate', error: null },
      { type: 'callback.start', code: null, state: null, error: 'access_denied' },
    ],
    'xstate.done.actor.exchangeCode': [
      {
        type: 'xstate.done.actor.exchangeCode',
        output: { ok: true, token: 'h.p.s', userData: { userId: 'u' } },
      },
      {
        type: 'xstate.done.actor.exchangeCode',
        output: { ok: false, msg: 'This sign-in link has expired.' },
      },
    ],
    'xstate.error.actor.exchangeCode': [{ type: 'xstate.error.actor.exchangeCode', error: new Error('net') }],
  },
  serialize: (s: AnyMachineSnapshot) =>
    `${JSON.stringify(s.value)} ${(s.context as { message: string | null }).message}`,
  observe: (c: { message: string | null }) => c.message,
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};

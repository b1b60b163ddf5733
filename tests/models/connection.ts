// Whether the API can be reached: offline after a network failure, probing after growing delays,
// back online (and the failed pages loading again) when anything answers.
// The same model as the one inline in tests/machines/connection.test.ts, which is to switch to this.
import type { AnyMachineSnapshot } from 'xstate';
import { connectionMachine, type ConnectionContext } from '../../machines/shell/connection.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  connection: 'The connection banner (a status line under the header)',
  'connection.online': 'No banner: the API answers',
  'connection.online.steady': 'No banner',
  'connection.online.restored': 'Banner "Back online." for a moment, while the pages that failed load again',
  'connection.offline': 'Banner "You\'re offline — we\'ll reconnect automatically."',
  'connection.probing':
    'Banner "You\'re offline — we\'ll reconnect automatically." while the server is asked',
};

export const connectionModel: MachineModel = {
  sees: SEES,
  machine: connectionMachine,
  actors: ['probe'],
  samples: {
    'xstate.error.actor.probe': [{ type: 'xstate.error.actor.probe', error: new Error('offline') }],
  },
  // the failed probes count up to the delay's cap, so the graph is finite
  serialize: (s: AnyMachineSnapshot) =>
    `${JSON.stringify(s.value)} ${(s.context as ConnectionContext).attempt}`,
  observe: (c: ConnectionContext) => c.attempt,
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};

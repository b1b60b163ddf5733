// authCallback against its independent model (tests/models/spec/auth-callback.ts): every path of the
// model replayed on the machine by the shared harness (tests/support/spec-replay.ts), with the code
// exchange controlled and the hand-over recorded, observed through its selectors.
import type { SnapshotFrom } from 'xstate';
import { authCallbackMachine } from '../../machines/auth/auth-callback.ts';
import * as view from '../../machines/auth/auth-callback.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { authCallbackSpec } from '../models/spec/auth-callback.ts';

describeModel({
  walks: [walk('', authCallbackSpec())],
  target: () => {
    const handed: unknown[] = [];
    return {
      machine: authCallbackMachine.provide({
        actions: { handOver: (_, signedIn) => void handed.push({ ...signedIn }) },
      }),
      effects: ['exchangeCode'],
      observe: ({ snapshot }) => {
        const s = snapshot as SnapshotFrom<typeof authCallbackMachine>;
        return {
          phase: view.phase(s),
          spinner: s.hasTag('busy'),
          message: view.message(s),
          handed: [...handed],
        };
      },
    };
  },
});

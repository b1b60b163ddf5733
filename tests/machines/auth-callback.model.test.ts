// authCallback against its independent model (tests/models/spec/auth-callback.ts): every path of the
// model replayed on the machine, with the code exchange controlled and the hand-over recorded,
// observed through its selectors.
import { describe, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { authCallbackMachine } from '../../machines/auth/auth-callback.ts';
import * as view from '../../machines/auth/auth-callback.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { authCallbackSpec } from '../models/spec/auth-callback.ts';

const model = authCallbackSpec();

describe(`authCallback against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const handed: unknown[] = [];
      const machine = authCallbackMachine.provide({
        actions: { handOver: (_, signedIn) => void handed.push({ ...signedIn }) },
      });
      return replaySpecPath(
        model,
        {
          machine,
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
        },
        path,
      );
    });
  }
});

// legacyRedirect against its independent model (tests/models/spec/legacy-redirect.ts): every path of
// the model replayed on the machine by the shared harness (tests/support/spec-replay.ts), observed
// through its selectors and the address it replaces.
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { legacyRedirectMachine } from '../../machines/catalog/legacy-redirect.ts';
import * as view from '../../machines/catalog/legacy-redirect.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { legacyRedirectSpec } from '../models/spec/legacy-redirect.ts';

describeModel({
  walks: [walk('', legacyRedirectSpec())],
  target: () => {
    const redirects: string[] = [];
    return {
      machine: legacyRedirectMachine.provide({
        actions: { redirect: (_, { href }) => void redirects.push(href) },
      }),
      effects: ['fetchPrompt'],
      observe: ({ snapshot }) => {
        const s = snapshot as SnapshotFrom<typeof legacyRedirectMachine>;
        // the reason is shown on the error card only
        return {
          status: view.status(s),
          error: view.status(s) === 'error' ? view.error(s) : null,
          busy: s.hasTag('busy'),
          redirects: [...redirects],
        };
      },
    };
  },
});

describe('legacyRedirect without its lookup provided', () => {
  it('fails like any failed lookup, naming the missing effect on the error card', async () => {
    const actor = createActor(legacyRedirectMachine).start();
    actor.send({ type: 'legacy.open', id: '7', search: '' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.status(actor.getSnapshot())).toBe('error');
    expect(view.error(actor.getSnapshot())).toBe('fetchPrompt must be provided');
    actor.stop();
  });
});

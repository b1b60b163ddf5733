// shareLanding against its independent model (tests/models/spec/share-landing.ts): every path of the
// model replayed on the machine, observed through its selectors, the referral it remembers and the
// address it replaces.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { shareLandingMachine } from '../../machines/catalog/share-landing.ts';
import * as view from '../../machines/catalog/share-landing.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { shareLandingSpec } from '../models/spec/share-landing.ts';

const model = shareLandingSpec();

describe(`shareLanding against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const referrals: unknown[] = [];
      const redirects: string[] = [];
      const machine = shareLandingMachine.provide({
        actions: {
          rememberReferral: (_, params) => void referrals.push(params),
          redirect: (_, { href }) => void redirects.push(href),
        },
      });
      return replaySpecPath(
        model,
        {
          machine,
          effects: ['resolveShareLink'],
          observe: ({ snapshot }) => {
            const s = snapshot as ReturnType<typeof machine.getInitialSnapshot>;
            return {
              status: view.status(s),
              // the reason is shown on the error card only
              error: view.status(s) === 'error' ? view.error(s) : null,
              busy: s.hasTag('busy'),
              referrals: [...referrals],
              redirects: [...redirects],
            };
          },
        },
        path,
      );
    });
  }
});

describe('shareLanding without its lookup provided', () => {
  it('fails like any failed lookup, naming the missing effect on the error card', async () => {
    const actor = createActor(shareLandingMachine).start();
    actor.send({ type: 'shareLink.open', id: 'Ab12Cd34', partner: false });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.status(actor.getSnapshot())).toBe('error');
    expect(view.error(actor.getSnapshot())).toBe('resolveShareLink must be provided');
    actor.stop();
  });
});

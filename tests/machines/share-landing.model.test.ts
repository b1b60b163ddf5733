// shareLanding against its independent model (tests/models/spec/share-landing.ts): every path of the
// model replayed on the machine by the shared harness, observed through its selectors, the referral it
// remembers and the address it replaces.
import { describe, expect, it } from 'vitest';
import { shareLandingMachine } from '../../machines/catalog/share-landing.ts';
import * as view from '../../machines/catalog/share-landing.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { runWithout } from '../support/model-targets.ts';
import { shareLandingSpec } from '../models/spec/share-landing.ts';

type Snapshot = ReturnType<typeof shareLandingMachine.getInitialSnapshot>;

describeModel({
  walks: [walk('', shareLandingSpec())],
  target: () => {
    const referrals: unknown[] = [];
    const redirects: string[] = [];
    return {
      machine: shareLandingMachine.provide({
        actions: {
          rememberReferral: (_, params) => void referrals.push(params),
          redirect: (_, { href }) => void redirects.push(href),
        },
      }),
      effects: ['resolveShareLink'],
      observe: ({ snapshot }) => {
        const s = snapshot as Snapshot;
        return {
          status: view.status(s),
          // the reason is shown on the error card only
          error: view.status(s) === 'error' ? view.error(s) : null,
          busy: s.hasTag('busy'),
          referrals: [...referrals],
          redirects: [...redirects],
        };
      },
    };
  },
});

describe('shareLanding without its lookup provided', () => {
  it('fails like any failed lookup, naming the missing effect on the error card', async () => {
    const { snapshot } = await runWithout(shareLandingMachine, [
      { type: 'shareLink.open', id: 'Ab12Cd34', partner: false },
    ]);
    expect(view.status(snapshot as Snapshot)).toBe('error');
    expect(view.error(snapshot as Snapshot)).toBe('resolveShareLink must be provided');
  });
});

// Fruit History against its independent model (tests/models/spec/fruit-history.ts): every path of the
// model replayed on the machine by the shared harness (tests/support/spec-replay.ts), with a session
// listening beside it; observed through the selectors (what the page shows), its tags, the calls it
// makes (and the one under way) and what the session heard.
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { fruitHistoryMachine } from '../../machines/commerce/fruit-history.ts';
import * as view from '../../machines/commerce/fruit-history.selectors.ts';
import { heardBy, ownChildren } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { fruitHistorySpec } from '../models/spec/fruit-history.ts';

const LISTENERS = ['session'];

describeModel({
  walks: [walk('', fruitHistorySpec())],
  target: () => ({
    machine: fruitHistoryMachine,
    effects: ['fetchLedger'],
    listeners: LISTENERS,
    observe: ({ snapshot, actor, heard }) => {
      const s = snapshot as SnapshotFrom<typeof fruitHistoryMachine>;
      return {
        tags: ['loading', 'ready', 'error'].filter((tag) => snapshot.hasTag(tag)),
        running: ownChildren(snapshot, actor, LISTENERS),
        status: view.status(s),
        error: view.error(s),
        ledger: view.ledger(s),
        sessionHeard: heardBy(heard, 'session'),
      };
    },
  }),
});

describe('fruitHistory, in its own words', () => {
  it('makes no call of its own: unprovided, the load fails and the page says why', async () => {
    const actor = createActor(fruitHistoryMachine).start();
    actor.send({ type: 'fruit.load', page: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.status(actor.getSnapshot())).toBe('error');
    expect(view.error(actor.getSnapshot())).toBe('fetchLedger must be provided');
    actor.stop();
  });
});

// inbox against its independent model (tests/models/spec/inbox.ts): every path of the model replayed
// on the machine by the shared harness (tests/support/spec-replay.ts). The machine follows the session,
// so its own follower runs against a stand-in session that emits what the session would (the path's
// `session.*` events are what it emits).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { inboxMachine } from '../../machines/account/inbox.ts';
import { unread } from '../../machines/account/inbox.selectors.ts';
import { followStandInSession } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { inboxSpec } from '../models/spec/inbox.ts';

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = ['fetchUnreadCount'];

describeModel({
  walks: [walk('', inboxSpec())],
  target: () => ({
    machine: inboxMachine.provide({ actors: { followSession: followStandInSession() } }),
    effects: EFFECTS,
    observe: ({ snapshot }) => ({
      // the effects under way, by the name the machine gives them
      running: Object.entries(snapshot.children as Record<string, AnyActorRef>)
        .filter(([, child]) => EFFECTS.includes(child.src as string))
        .map(([id]) => id)
        .sort(),
      unread: unread(snapshot as never),
      loading: snapshot.hasTag('loading'),
    }),
  }),
});

describe('inbox without its effect provided', () => {
  it('an ask the app cannot make fails like any other: the count stays', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(inboxMachine, { clock }).start();
    actor.send({ type: 'inbox.load' });
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'inbox.set', unread: 3 });
    clock.increment(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect({ unread: unread(actor.getSnapshot()), loading: actor.getSnapshot().hasTag('loading') }).toEqual({
      unread: 3,
      loading: false,
    });
    actor.stop();
  });
});

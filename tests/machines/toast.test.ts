import { afterAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { toastMachine } from '../../machines/shell/toast.ts';
import { toastItemMachine } from '../../machines/shell/toast-item.ts';
import { TIMINGS } from '../../domain/system-ids.ts';
import { CoverageRecorder, replayOnActor } from '../support/model.ts';
import { toastItemModel } from '../models/toast-item.ts';
import { toastModel } from '../models/toast.ts';
import { pathsOf } from '../models/types.ts';
import { walksOf } from '../models/traversal.ts';

const queueRecorder = new CoverageRecorder(toastMachine);
const itemRecorder = new CoverageRecorder(toastItemMachine);

afterAll(() => {
  queueRecorder.save();
  itemRecorder.save();
});

// The queue's own model: shows, dismissals and the lifecycle reports its items send it. Context is
// abstracted to "how many toasts, which ones are fading", capped so the graph is finite.
describe('toast queue model', () => {
  const paths = walksOf(toastModel).flatMap((walk) =>
    pathsOf(walk).map((path) => ({ ...path, description: `${walk.label ?? ''} ${path.description}`.trim() })),
  );

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await replayOnActor(toastMachine, path, {
        recorder: queueRecorder,
        check: (actual, expected) => {
          const shown = (s: AnyMachineSnapshot) =>
            (s.context as { toasts: { kind: string; message: string }[] }).toasts.map(
              (t) => `${t.kind}:${t.message}`,
            );
          expect(shown(actual)).toEqual(shown(expected));
        },
      });
      actor.stop();
    });
  }
});

describe('toast item model', () => {
  // Alone, an item has no queue to report to.
  const { machine: item, input } = toastItemModel;
  for (const path of pathsOf(toastItemModel)) {
    it(path.description, async () => {
      (await replayOnActor(item, path, { input, recorder: itemRecorder })).stop();
    });
  }
});

describe('toast timing (SPEC.md §2, §9)', () => {
  const start = () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, { clock }).start();
    const view = () =>
      actor
        .getSnapshot()
        .context.toasts.map((t) => `${t.kind}:${t.message}:${t.leaving ? 'leaving' : 'shown'}`);
    return { clock, actor, view };
  };

  it('shows a toast 2000 ms, fades it 300 ms, then removes it', () => {
    const { clock, actor, view } = start();
    actor.send({ type: 'toast.show', kind: 'success', message: 'You have successfully logged in' });
    expect(view()).toEqual(['success:You have successfully logged in:shown']);
    clock.increment(TIMINGS.toastDuration - 1);
    expect(view()).toEqual(['success:You have successfully logged in:shown']);
    clock.increment(1);
    expect(view()).toEqual(['success:You have successfully logged in:leaving']);
    clock.increment(TIMINGS.toastFade - 1);
    expect(view()).toHaveLength(1);
    clock.increment(1);
    expect(view()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });

  it('keeps any number in a row, each on its own clock', () => {
    const { clock, actor, view } = start();
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'toast.show', kind: i % 2 ? 'error' : 'info', message: `m${i}` });
      clock.increment(500);
    }
    // t = 2500: m0 (shown at 0) faded from 2000 and left at 2300; m1 (shown at 500) fades from 2500
    expect(view()).toEqual(['error:m1:leaving', 'info:m2:shown', 'error:m3:shown', 'info:m4:shown']);
    clock.increment(300);
    expect(view().map((v) => v.split(':')[1])).toEqual(['m2', 'm3', 'm4']);
    // SimulatedClock jumps: a timer set while it advances counts from the end, so advance in steps
    for (let t = 0; t < 3000; t += 100) clock.increment(100);
    expect(view()).toEqual([]);
  });

  it('shows an error once while it is on screen; confirmations each time (issue 15)', () => {
    const { clock, actor, view } = start();
    const ended = 'Your session has ended. Please log in again.';
    // the session's toast and a page's own failure of the same refused call say the same thing
    actor.send({ type: 'toast.show', kind: 'error', message: ended });
    actor.send({ type: 'toast.show', kind: 'error', message: ended });
    actor.send({ type: 'toast.show', kind: 'success', message: 'Added to cart' });
    actor.send({ type: 'toast.show', kind: 'success', message: 'Added to cart' });
    expect(view()).toEqual([
      `error:${ended}:shown`,
      'success:Added to cart:shown',
      'success:Added to cart:shown',
    ]);
    // once it is fading, the same error is news again
    clock.increment(TIMINGS.toastDuration);
    actor.send({ type: 'toast.show', kind: 'error', message: ended });
    expect(view().filter((v) => v.startsWith('error:'))).toEqual([
      `error:${ended}:leaving`,
      `error:${ended}:shown`,
    ]);
  });

  it('fades at once when dismissed', () => {
    const { clock, actor, view } = start();
    actor.send({ type: 'toast.show', kind: 'info', message: 'Copied' });
    actor.send({ type: 'toast.dismiss', id: 'toast-1' });
    expect(view()).toEqual(['info:Copied:leaving']);
    clock.increment(TIMINGS.toastFade);
    expect(view()).toEqual([]);
  });

  it('honours a longer duration when one is asked for', () => {
    const { clock, actor, view } = start();
    actor.send({ type: 'toast.show', kind: 'info', message: 'Long', duration: 5000 });
    clock.increment(4999);
    expect(view()).toEqual(['info:Long:shown']);
    clock.increment(1);
    expect(view()).toEqual(['info:Long:leaving']);
  });
});

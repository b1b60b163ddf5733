// Mutation: toast, toastItem
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { toastMachine } from '../../machines/shell/toast.ts';
import { TIMINGS } from '../../domain/system-ids.ts';
// The toast queue's timing rules (its independent model is tests/models/spec/toast.ts).
describe('toast timing (requirements §2, §9)', () => {
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

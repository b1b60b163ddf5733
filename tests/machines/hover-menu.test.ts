// Mutation: hoverMenu
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { hoverMenuMachine } from '../../machines/shell/hover-menu.ts';
import { TIMINGS } from '../../domain/system-ids.ts';
import { hoverMenuInput as input } from '../models/hover-menu.ts';

describe('hoverMenu timing', () => {
  it.each([TIMINGS.categoryMenuCloseDelay, TIMINGS.accountMenuCloseDelay])(
    'closes exactly %i ms after the pointer leaves',
    (closeDelay) => {
      const clock = new SimulatedClock();
      const actor = createActor(hoverMenuMachine, { input: { closeDelay }, clock }).start();
      actor.send({ type: 'menu.enter' });
      actor.send({ type: 'menu.leave' });
      clock.increment(closeDelay - 1);
      expect(actor.getSnapshot().hasTag('open')).toBe(true);
      clock.increment(1);
      expect(actor.getSnapshot().hasTag('open')).toBe(false);
    },
  );

  it('stays open when a hovering mouse clicks the trigger, and closes on the next click', () => {
    const actor = createActor(hoverMenuMachine, { input }).start();
    actor.send({ type: 'menu.enter' });
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('stays open when the pointer comes back before the delay', () => {
    const clock = new SimulatedClock();
    const actor = createActor(hoverMenuMachine, { input, clock }).start();
    actor.send({ type: 'menu.enter' });
    actor.send({ type: 'menu.leave' });
    clock.increment(1500);
    actor.send({ type: 'menu.enter' });
    clock.increment(5000);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });
});

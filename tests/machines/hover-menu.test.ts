import { afterAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { hoverMenuMachine } from '../../machines/shell/hover-menu.ts';
import { TIMINGS } from '../../domain/system-ids.ts';
import { CoverageRecorder, replayOnActor } from '../support/model.ts';
import { hoverMenuInput as input, hoverMenuModel } from '../models/hover-menu.ts';
import { pathsOf } from '../models/types.ts';

const recorder = new CoverageRecorder(hoverMenuMachine);
afterAll(() => recorder.save());

describe('hoverMenu model', () => {
  const paths = pathsOf(hoverMenuModel);

  it('generates a path to every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"closed"', '{"open":"pointerInside"}', '{"open":"closing"}']));
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await replayOnActor(hoverMenuMachine, path, { input, recorder });
      expect(actor.getSnapshot().hasTag('open')).toBe(path.state.hasTag('open'));
      actor.stop();
    });
  }
});

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

/**
 * An independent model of the header menus (issue 17): what should happen, written from SPEC.md §9
 * and the header's behaviour rather than read off the machine. A menu opens on hover or on a click of
 * its trigger; it closes on a second click (unless a hovering mouse opened it: that click keeps it),
 * on Escape, an outside click or a chosen item (`menu.close`), and `closeDelay` after the pointer left
 * unless it comes back first (leaving again does not restart the wait). Every sequence of four steps is
 * replayed on the machine, which must agree at each step: open or not, and waiting to close or not.
 */
describe('hoverMenu against an independent model', () => {
  type Step = 'menu.enter' | 'menu.leave' | 'menu.toggle' | 'menu.close' | 'wait';
  interface Expected {
    open: boolean;
    closing: boolean;
    byClick: boolean;
  }
  const CLOSED: Expected = { open: false, closing: false, byClick: false };
  const next = (s: Expected, step: Step): Expected => {
    if (!s.open) {
      if (step === 'menu.enter') return { open: true, closing: false, byClick: false };
      if (step === 'menu.toggle') return { open: true, closing: false, byClick: true };
      return s;
    }
    switch (step) {
      case 'menu.close':
        return CLOSED;
      case 'menu.toggle':
        return s.byClick ? CLOSED : { ...s, byClick: true };
      case 'menu.leave':
        return { ...s, closing: true };
      case 'menu.enter':
        return { ...s, closing: false };
      case 'wait':
        return s.closing ? CLOSED : s;
    }
  };
  const STEPS: Step[] = ['menu.enter', 'menu.leave', 'menu.toggle', 'menu.close', 'wait'];
  const sequences = (length: number): Step[][] =>
    length === 0 ? [[]] : sequences(length - 1).flatMap((seq) => STEPS.map((step) => [...seq, step]));

  for (const sequence of sequences(4)) {
    it(sequence.map((step) => (step === 'wait' ? `wait ${input.closeDelay} ms` : step)).join(' · '), () => {
      const clock = new SimulatedClock();
      const actor = createActor(hoverMenuMachine, { input, clock }).start();
      let expected = CLOSED;
      for (const step of sequence) {
        if (step === 'wait') clock.increment(input.closeDelay);
        else actor.send({ type: step });
        expected = next(expected, step);
        const snapshot = actor.getSnapshot();
        expect(snapshot.hasTag('open'), `open after ${step}`).toBe(expected.open);
        expect(snapshot.matches({ open: 'closing' }), `waiting to close after ${step}`).toBe(
          expected.closing,
        );
      }
      actor.stop();
    });
  }
});

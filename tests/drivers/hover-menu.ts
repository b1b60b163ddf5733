// The header's category menu ("All Prompts"): the pointer comes onto its trigger and leaves (for a
// part of the page with nothing on it), Enter on the trigger opens or closes it, Escape closes it.
import type { HoverMenuState } from '../models/spec/hover-menu.ts';
import { banner, button, hover, press, unhover, type PageDriver } from '../support/page-driver.ts';

const TRIGGER = button('All Prompts', banner);

export const hoverMenuDriver: PageDriver<HoverMenuState> = {
  'menu.enter': () => [unhover(), hover(TRIGGER)],
  // a pointer that was never over a closed menu cannot leave it: it only rests elsewhere
  'menu.leave': (_, before) => (before.open ? [hover(TRIGGER), unhover()] : [unhover()]),
  'menu.toggle': () => [press('Enter', TRIGGER)],
  'menu.close': () => [press('Escape')],
};

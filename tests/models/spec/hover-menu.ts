// The header menus, as requirements §2 (Header) and §9 say they behave: a menu opens on hover or on a click
// of its trigger, and closes 2000 ms (the category menu) or 500 ms (the account menu) after the pointer
// leaves, unless the pointer comes back first (leaving again does not restart the wait). It also
// closes at once on Escape, an outside click or a chosen item (`menu.close`), and on a second click of
// its trigger, except when a hovering mouse opened it: that mouse's click keeps it open (as if it had
// been opened by the click), and the next click closes it.
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface HoverMenuState {
  open: boolean;
  /** Open since a click of the trigger (a second click closes it). */
  byClick: boolean;
  /** While open: milliseconds since the pointer left the trigger and panel (null: inside, or never left). */
  leftFor: number | null;
}

/** requirements §9: category menu close delay 2000 ms; account menu 500 ms. */
export const CATEGORY_MENU_CLOSE_DELAY = 2000;
export const ACCOUNT_MENU_CLOSE_DELAY = 500;

const CLOSED: HoverMenuState = { open: false, byClick: false, leftFor: null };

export const hoverMenuSpec = (closeDelay: number): SpecModel<HoverMenuState> => {
  const next = (s: HoverMenuState, step: SpecStep): HoverMenuState => {
    if ('send' in step) {
      const type = step.send.type;
      if (!s.open) {
        if (type === 'menu.enter') return { open: true, byClick: false, leftFor: null };
        if (type === 'menu.toggle') return { open: true, byClick: true, leftFor: null };
        return s;
      }
      switch (type) {
        case 'menu.close':
          return CLOSED;
        case 'menu.toggle':
          return s.byClick ? CLOSED : { ...s, byClick: true };
        case 'menu.leave':
          return { ...s, leftFor: s.leftFor ?? 0 };
        case 'menu.enter':
          return { ...s, leftFor: null };
        default:
          return s;
      }
    }
    if (!('wait' in step) || !s.open || s.leftFor === null) return s;
    const leftFor = s.leftFor + step.wait;
    return leftFor >= closeDelay ? CLOSED : { ...s, leftFor };
  };
  return {
    name: 'hoverMenu',
    spec: `requirements §2 Header and §9 (menu closes ${closeDelay} ms after the pointer leaves)`,
    initial: CLOSED,
    steps: (s) => [
      { send: { type: 'menu.enter' } },
      { send: { type: 'menu.leave' } },
      { send: { type: 'menu.toggle' } },
      { send: { type: 'menu.close' } },
      // a moment before the delay ends, then the moment it ends; the whole delay otherwise
      { wait: s.leftFor === null ? closeDelay : s.leftFor === 0 ? closeDelay - 1 : 1 },
    ],
    next,
    expect: (s) => ({ open: s.open }),
    label: (s) =>
      s.open
        ? `open (${s.byClick ? 'by click' : 'by hover'}${s.leftFor === null ? '' : `, pointer left ${s.leftFor} ms ago`})`
        : 'closed',
    maxDepth: 6,
  };
};

import { setup } from 'xstate';

export interface HoverMenuInput {
  /** SPEC.md §9: category menu 2000 ms, account menu 500 ms. */
  closeDelay: number;
}

export type HoverMenuEvent =
  | { type: 'menu.enter' }
  | { type: 'menu.leave' }
  | { type: 'menu.toggle' }
  | { type: 'menu.close' };

/**
 * A menu that opens on hover or click and closes `menuCloseDelay` after the pointer leaves, or at
 * once on Escape, an outside click or a chosen item (`menu.close`).
 */
export const hoverMenuMachine = setup({
  types: {
    context: {} as { closeDelay: number },
    input: {} as HoverMenuInput,
    events: {} as HoverMenuEvent,
  },
  delays: {
    menuCloseDelay: ({ context }) => context.closeDelay,
  },
}).createMachine({
  id: 'hoverMenu',
  context: ({ input }) => ({ closeDelay: input.closeDelay }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'menu.enter': 'open.pointerInside',
        'menu.toggle': 'open.pointerInside',
      },
    },
    open: {
      tags: ['open'],
      initial: 'pointerInside',
      on: {
        'menu.toggle': 'closed',
        'menu.close': 'closed',
      },
      states: {
        pointerInside: {
          description: 'Open while the pointer is over the trigger or the panel (or after a click).',
          on: { 'menu.leave': 'closing' },
        },
        closing: {
          description: 'The pointer left; the menu closes after the delay unless it comes back.',
          on: { 'menu.enter': 'pointerInside' },
          after: { menuCloseDelay: '#hoverMenu.closed' },
        },
      },
    },
  },
});

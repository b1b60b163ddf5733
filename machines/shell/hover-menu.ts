import { assign, setup, type ActorRefFrom } from 'xstate';

export interface HoverMenuInput {
  /** requirements §9: category menu 2000 ms, account menu 500 ms. */
  closeDelay: number;
}

export type HoverMenuEvent =
  { type: 'menu.enter' } | { type: 'menu.leave' } | { type: 'menu.toggle' } | { type: 'menu.close' };

/**
 * A menu that opens on hover or click and closes `menuCloseDelay` after the pointer leaves, or at
 * once on Escape, an outside click or a chosen item (`menu.close`).
 */
export const hoverMenuMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { closeDelay: number; openedBy: 'hover' | 'click' | null },
    input: {} as HoverMenuInput,
    events: {} as HoverMenuEvent,
    tags: {} as 'open',
  },
  delays: {
    menuCloseDelay: ({ context }) => context.closeDelay,
  },
  guards: {
    openedByHover: ({ context }) => context.openedBy === 'hover',
  },
}).createMachine({
  id: 'hoverMenu',
  context: ({ input }) => ({ closeDelay: input.closeDelay, openedBy: null }),
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ openedBy: null }),
      on: {
        'menu.enter': { target: 'open.pointerInside', actions: assign({ openedBy: 'hover' }) },
        'menu.toggle': { target: 'open.pointerInside', actions: assign({ openedBy: 'click' }) },
      },
    },
    open: {
      tags: ['open'],
      initial: 'pointerInside',
      on: {
        // A mouse that clicks the trigger has already opened the menu by hovering: that click
        // keeps it open (as if it had been opened by click); a second click closes it.
        'menu.toggle': [
          { guard: 'openedByHover', actions: assign({ openedBy: 'click' }) },
          { target: 'closed' },
        ],
        'menu.close': 'closed',
      },
      states: {
        pointerInside: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Open while the pointer is over the trigger or the panel (or after a click).',
          on: { 'menu.leave': 'closing' },
        },
        closing: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The pointer left; the menu closes after the delay unless it comes back.',
          on: { 'menu.enter': 'pointerInside' },
          after: { menuCloseDelay: '#hoverMenu.closed' },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    categoryMenu: HoverMenuEvent;
    accountMenu: HoverMenuEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    categoryMenu: ActorRefFrom<typeof hoverMenuMachine>;
    accountMenu: ActorRefFrom<typeof hoverMenuMachine>;
  }
}

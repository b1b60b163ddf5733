import { setup, spawnChild } from 'xstate';
import { SYSTEM_IDS, TIMINGS } from './domain/system-ids.ts';
import { hoverMenuMachine } from './hover-menu.ts';
import { promptDetailMachine } from './prompt-detail.ts';
import { promptListMachine } from './prompt-list.ts';
import { toastMachine } from './toast.ts';

export type AppEvent = { type: 'loginDialog.open'; mode?: 'login' | 'register' };

/**
 * The root of the actor system: started once by src/, it spawns every long-lived actor with its
 * systemId so views and routes can reach them (`system.get(id)`). Effects are provided by src/
 * through `appMachine.provide({ actors: { ... } })` with each child's own provided version.
 */
export const appMachine = setup({
  types: {
    events: {} as AppEvent,
  },
  actors: {
    toast: toastMachine,
    hoverMenu: hoverMenuMachine,
    promptList: promptListMachine,
    promptDetail: promptDetailMachine,
  },
}).createMachine({
  id: 'app',
  entry: [
    spawnChild('toast', { id: SYSTEM_IDS.toast, systemId: SYSTEM_IDS.toast }),
    spawnChild('hoverMenu', {
      id: SYSTEM_IDS.categoryMenu,
      systemId: SYSTEM_IDS.categoryMenu,
      input: { closeDelay: TIMINGS.categoryMenuCloseDelay },
    }),
    spawnChild('hoverMenu', {
      id: SYSTEM_IDS.accountMenu,
      systemId: SYSTEM_IDS.accountMenu,
      input: { closeDelay: TIMINGS.accountMenuCloseDelay },
    }),
    spawnChild('promptList', { id: SYSTEM_IDS.promptList, systemId: SYSTEM_IDS.promptList }),
    spawnChild('promptDetail', { id: SYSTEM_IDS.promptDetail, systemId: SYSTEM_IDS.promptDetail }),
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The storefront is up; the sign-in issue adds the login dialog here.',
    },
  },
});

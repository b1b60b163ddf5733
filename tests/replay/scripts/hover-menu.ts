// The category menu in the header: hover, leave, click (by keyboard, so no hover comes with it)
// and Escape. The account menu runs the same machine with a shorter delay.
import { hoverMenuDriver } from '../../drivers/hover-menu.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const hoverMenuScript: BrowserScript = {
  machineId: 'hoverMenu',
  systemId: 'categoryMenu',
  effects: {},
  start: '/',
  // the account menu (the other walk) needs a member and another trigger
  walks: ['category menu'],
  // path category menu-31 of `npm run paths -- hoverMenu`
  testPath:
    'menu.enter → open (by hover) · menu.leave → open (by hover, pointer left 0 ms ago) · wait 1999 ms → open (by hover, pointer left 1999 ms ago) · wait 1 ms → closed',
  act: (event, step) => take(hoverMenuDriver, event, step),
};

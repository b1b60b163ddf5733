// The category menu in the header: hover, leave, click (by keyboard, so no hover comes with it)
// and Escape. The account menu runs the same machine with a shorter delay.
import { hover } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

const AWAY = { x: 640, y: 700 };

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
  async act(event, { page, before }) {
    const trigger = page.getByRole('banner').getByRole('button', { name: 'All Prompts' });
    switch (event.type) {
      case 'menu.enter':
        await page.mouse.move(AWAY.x, AWAY.y);
        await hover(trigger);
        return;
      case 'menu.leave':
        // a pointer that was never over a closed menu cannot leave it: nothing happens
        if (before.hasTag('open')) await hover(trigger);
        await page.mouse.move(AWAY.x, AWAY.y);
        return;
      case 'menu.toggle':
        await trigger.focus();
        await page.keyboard.press('Enter');
        return;
      case 'menu.close':
        await page.keyboard.press('Escape');
        return;
      default:
        return false;
    }
  },
};

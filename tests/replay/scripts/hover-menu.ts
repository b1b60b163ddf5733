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
  testPath: 'menu.enter → open.pointerInside · menu.leave → open.closing · after menuCloseDelay → closed',
  async act(event, { page }) {
    const trigger = page.getByRole('banner').getByRole('button', { name: 'All Prompts' });
    switch (event.type) {
      case 'menu.enter':
        await page.mouse.move(AWAY.x, AWAY.y);
        await hover(trigger);
        return;
      case 'menu.leave':
        await hover(trigger);
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

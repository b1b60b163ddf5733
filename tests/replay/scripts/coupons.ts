// My Coupons (/coupons): opening a tab of it, the answer, "Try again".
import { click, openPage } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const couponsScript: BrowserScript = {
  machineId: 'coupons',
  effects: { fetchCoupons: 'fetchCoupons' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'coupons.load {"tab":"valid"} → loading valid · fetchCoupons answers [{"id":1,"code":"SAVE1","title":"10% off","kind... → ready valid (2 coupons)',
  async act(event, { page }) {
    switch (event.type) {
      case 'coupons.load':
        await openPage(page, event.tab === 'valid' ? '/coupons' : `/coupons?tab=${event.tab as string}`);
        return;
      case 'coupons.retry':
        await click(page.getByRole('main').getByRole('button', { name: 'Try again' }));
        return;
      default:
        return false;
    }
  },
};

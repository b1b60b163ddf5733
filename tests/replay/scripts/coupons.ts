// My Coupons (/coupons): opening a tab of it, the answer, "Try again".
import { couponsDriver } from '../../drivers/coupons.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const couponsScript: BrowserScript = {
  machineId: 'coupons',
  effects: { fetchCoupons: 'fetchCoupons' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'coupons.load {"tab":"valid"} → loading valid · fetchCoupons answers [{"id":1,"code":"SAVE1","title":"10% off","kind... → ready valid (2 coupons)',
  act: (event, step) => take(couponsDriver, event, step),
};

// My Coupons (/coupons): opening a tab of it, "Try again".
import type { CouponsState } from '../models/spec/coupons.ts';
import { button, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const couponsDriver: PageDriver<CouponsState> = {
  'coupons.load': (event) => [
    open(event.tab === 'valid' ? '/coupons' : `/coupons?tab=${event.tab as string}`),
  ],
  'coupons.retry': () => [click(button('Try again', main))],
};

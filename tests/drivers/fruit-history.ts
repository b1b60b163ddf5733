// FruitCoin history (/fruit-transactions): opening a page of it, "Try again".
import type { FruitHistoryState } from '../models/spec/fruit-history.ts';
import { button, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const fruitHistoryDriver: PageDriver<FruitHistoryState> = {
  'fruit.load': (event) => [
    open(event.page === 1 ? '/fruit-transactions' : `/fruit-transactions?page=${event.page as number}`),
  ],
  'fruit.retry': () => [click(button('Try again', main))],
};

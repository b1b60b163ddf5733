// FruitCoin history (/fruit-transactions): opening a page of it, the answer, "Try again".
import { click, openPage } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const fruitHistoryScript: BrowserScript = {
  machineId: 'fruitHistory',
  effects: { fetchLedger: 'fetchLedger' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'fruit.load {"page":1} → loading page 1 · fetchLedger answers {"data":[{"id":5,"amount":-180,"balanceAfter":4... → ready page 1 (1 entries, balance 470) [session told 470]',
  async act(event, { page }) {
    switch (event.type) {
      case 'fruit.load':
        await openPage(
          page,
          event.page === 1 ? '/fruit-transactions' : `/fruit-transactions?page=${event.page as number}`,
        );
        return;
      case 'fruit.retry':
        await click(page.getByRole('main').getByRole('button', { name: 'Try again' }));
        return;
      default:
        return false;
    }
  },
};

// FruitCoin history (/fruit-transactions): opening a page of it, the answer, "Try again".
import { fruitHistoryDriver } from '../../drivers/fruit-history.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const fruitHistoryScript: BrowserScript = {
  machineId: 'fruitHistory',
  effects: { fetchLedger: 'fetchLedger' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'fruit.load {"page":1} → loading page 1 · fetchLedger answers {"data":[{"id":5,"amount":-180,"balanceAfter":4... → ready page 1 (1 entries, balance 470) [session told 470]',
  act: (event, step) => take(fruitHistoryDriver, event, step),
};

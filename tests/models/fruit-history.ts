// Fruit History: the FruitCoin ledger, a page at a time.
// The model itself is shared with its tests in tests/support/history-models.ts; this adds what a person sees.
import { fruitHistoryModel as sharedFruitHistoryModel } from '../support/history-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  fruitHistory: 'The "Fruit History" page: the FruitCoin ledger',
  'fruitHistory.idle': '"Fruit History" not opened yet: placeholder rows',
  'fruitHistory.loading': '"Loading your FruitCoin history…" placeholder rows',
  'fruitHistory.ready':
    'The ledger table (Date, Activity, Amount, Balance) with pages, or "No FruitCoin activity yet"',
  'fruitHistory.error': '"We couldn\'t load your FruitCoin history" with the reason and "Try again"',
};

export const fruitHistoryModel: MachineModel = { ...sharedFruitHistoryModel, sees: SEES };

// Deterministic demo data (requirements §C3): the catalogue of prompts plus the two demo accounts with
// their orders, coupons, messages, FruitCoin ledger entries and short links. Pure: no clock, no
// Math.random; every call returns deep-equal data.
import type { SeedData } from '../types.ts';
import { buildAccounts } from './accounts.ts';
import { buildPrompts } from './prompts.ts';

export { ALICE_EMAIL, DEMO_EMAIL, REFERENCE_DATE } from './accounts.ts';

export function buildSeedData(): SeedData {
  const prompts = buildPrompts();
  return { prompts, ...buildAccounts(prompts) };
}

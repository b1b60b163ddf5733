// The demo data of requirements §C3, written by seed() (development and tests only).
import type { Db } from '../db/index.ts';
import { buildSeedData } from './content/index.ts';
import { seed, type SeedResult } from './index.ts';
import type { SeedData } from './types.ts';

export function loadDemoData(): SeedData {
  return buildSeedData();
}

export async function seedDemo(db: Db): Promise<SeedResult> {
  return seed(db, loadDemoData());
}

// The demo data of CONTRACT.md §3, written by seed() (development and tests only).
import type { Db } from '../db/index.ts';
import { seed, type SeedResult } from './index.ts';
import type { SeedData } from './types.ts';

// TEMPORARY until server/seed/content/index.ts lands: a dynamic import keeps this file compiling without
// it. Then replace with `import { buildSeedData } from './content/index.ts';`.
const CONTENT = './content/index.ts';

export async function loadDemoData(): Promise<SeedData> {
  let content: { buildSeedData: () => SeedData };
  try {
    content = (await import(CONTENT)) as typeof content;
  } catch (error) {
    throw new Error(`The demo content (server/seed/content/index.ts) could not be loaded: ${String(error)}`, {
      cause: error,
    });
  }
  return content.buildSeedData();
}

export async function seedDemo(db: Db): Promise<SeedResult> {
  return seed(db, await loadDemoData());
}

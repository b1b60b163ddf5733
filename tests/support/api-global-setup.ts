// Builds, once per run, the database every API test file starts from: a fresh embedded PostgreSQL,
// migrated (dumped with dumpDataDir() to .tmp/api-db/<hash>-migrated.tar) and seeded with the demo data
// (dumped to .tmp/api-db/<hash>-seeded.tar). The hash
// covers the migrations and the seed code and content, so an unchanged tree reuses the last snapshot
// (creating and seeding costs several seconds; loading a snapshot about half a second).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated + seeded database snapshot (a tarball for PGlite's loadDataDir). */
    apiDbSnapshot: string;
    /** Path of the snapshot taken after migrating, before seeding. */
    apiDbMigratedSnapshot: string;
  }
}

const ROOT = join(import.meta.dirname, '..', '..');
const SNAPSHOT_DIR = join(ROOT, '.tmp', 'api-db');
const INPUTS = [
  'server/db',
  'server/seed',
  // the seed writes its prompts through the operator's import (issue 21)
  'server/operator/catalog-import.ts',
  'server/operator/catalog-format.ts',
  'server/auth/passwords.ts',
  'domain',
  'tests/api/fixtures',
  'package-lock.json',
];

const filesOf = (path: string): string[] => {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesOf(join(path, name)));
};

const inputsHash = (): string => {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesOf(join(ROOT, input)))) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
};

/** Writes through a temporary name, so an interrupted run never leaves a truncated snapshot behind. */
const writeAtomic = async (file: string, dump: Blob): Promise<void> => {
  writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
};

async function buildSnapshots(migratedFile: string, seededFile: string): Promise<void> {
  const { openPglite } = await import('../../server/db/pglite.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { seedDemo } = await import('../../server/seed/demo.ts');
  const db = await openPglite();
  try {
    await migrate(db);
    await writeAtomic(migratedFile, await db.dump());
    await seedDemo(db);
    await writeAtomic(seededFile, await db.dump());
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  const hash = inputsHash();
  const migrated = join(SNAPSHOT_DIR, `${hash}-migrated.tar`);
  const seeded = join(SNAPSHOT_DIR, `${hash}-seeded.tar`);
  if (!existsSync(migrated) || !existsSync(seeded) || process.env.API_DB_REBUILD === '1') {
    for (const old of readdirSync(SNAPSHOT_DIR)) rmSync(join(SNAPSHOT_DIR, old), { force: true });
    const started = Date.now();
    await buildSnapshots(migrated, seeded);
    process.stdout.write(`api: built database snapshots in ${Date.now() - started} ms\n`);
  }
  project.provide('apiDbSnapshot', seeded);
  project.provide('apiDbMigratedSnapshot', migrated);
}

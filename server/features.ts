// The server's feature folders that register themselves: every folder of server/ with a `feature.ts`
// whose default export is a Fastify plugin. A new feature is its folder; no list here or in app.ts
// names it (issue 36). The older features are registered by app.ts, each with options of its own.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Mailer } from './mail/index.ts';

/** What every self-registering feature is given. */
export interface FeatureOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
}

export type FeaturePlugin = (fastify: FastifyInstance, options: FeatureOptions) => Promise<void>;

/** The folders of server/ with a feature.ts, in name order. */
export const featureFolders = (root = import.meta.dirname): string[] =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'feature.ts')))
    .map((entry) => entry.name)
    .sort();

/** Registers each feature folder's plugin, in name order. */
export async function registerFeatures(app: FastifyInstance, options: FeatureOptions): Promise<void> {
  for (const folder of featureFolders()) {
    const module = (await import(`./${folder}/feature.ts`)) as { default?: unknown };
    if (typeof module.default !== 'function')
      throw new Error(`server/${folder}/feature.ts must export its plugin as default`);
    await app.register(module.default as FeaturePlugin, options);
  }
}

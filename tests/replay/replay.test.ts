// One path per user-facing machine, replayed in headless Chromium against the development build
// exactly as `npm run replay -- <machine> <path>` does (each script's `testPath`). The report with a
// screenshot per step is written to .tmp/replay/npm-test/report.html.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePaths, findPath, modelPathOf } from '../models/catalogue.ts';
import { modelFor } from '../models/index.ts';
import {
  launchBrowser,
  replayPath,
  startReplayApp,
  warmUp,
  writeReport,
  type PathResult,
  type ReplayApp,
} from './runner.ts';
import { BROWSER_SCRIPTS } from './scripts/index.ts';

const OUT = join('.tmp', 'replay', 'npm-test');
let app: ReplayApp;
let browser: Browser;
const results: PathResult[] = [];

beforeAll(async () => {
  app = await startReplayApp({ quiet: true });
  browser = await launchBrowser();
  await warmUp(browser, app.baseUrl);
}, 300_000);

afterAll(async () => {
  writeReport(join(OUT, 'report.html'), results, 'Replays run by npm test');
  await browser?.close();
  await app?.stop();
});

describe('one path per user-facing machine, in Chromium', () => {
  it('has a script for machines with models only', () => {
    for (const script of BROWSER_SCRIPTS) expect(modelFor(script.machineId), script.machineId).toBeDefined();
  });

  for (const script of BROWSER_SCRIPTS) {
    it(`${script.machineId}: ${script.testPath}`, async () => {
      const model = modelFor(script.machineId)!;
      const entry = findPath(cataloguePaths(model, { simpleLimit: 0 }), script.testPath);
      const result = await replayPath(
        browser,
        app.baseUrl,
        model,
        script,
        entry,
        modelPathOf(entry),
        join(OUT, `${script.machineId}-${entry.id}`),
      );
      results.push(result);
      expect(result.error ?? null).toBeNull();
      expect(result.steps.length).toBe(entry.steps.length);
    }, 90_000);
  }
});

// One spec path per user-facing machine (a path of its independent model, tests/models/spec),
// replayed in headless Chromium against the development build exactly as `npm run replay --
// <machine> <path>` does (each script's `testPath`): after every step the page's live actor must
// show, through the machine's selectors, what the model expects. The report with a screenshot per
// step is written to .tmp/replay/npm-test/report.html.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { AnyStateNode } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_MODELS } from '../models/spec/index.ts';
import { machineViewOf } from './machine-view.ts';
import { writeReport } from './report.ts';
import {
  launchBrowser,
  replayPath,
  startReplayApp,
  warmUp,
  type PathResult,
  type ReplayApp,
} from './runner.ts';
import { findSpecPath, specPathsOf } from './spec-paths.ts';
import { BROWSER_SCRIPTS } from './scripts/index.ts';

const OUT = join('.tmp', 'replay', 'npm-test');
let app: ReplayApp;
let browser: Browser;
const results: PathResult[] = [];

const invokesOf = (node: AnyStateNode): { id: string; src: unknown }[] => [
  ...node.invoke.map((i) => ({ id: i.id, src: i.src })),
  ...Object.values(node.states).flatMap(invokesOf),
];

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

describe('one spec path per user-facing machine, in Chromium', () => {
  it('has a script for machines with independent models only', () => {
    for (const script of BROWSER_SCRIPTS)
      expect(
        SPEC_MODELS.some((e) => e.name === script.machineId),
        script.machineId,
      ).toBe(true);
  });

  it("holds each effect by its actor's src name, which is the invoke's id", async () => {
    for (const script of BROWSER_SCRIPTS) {
      const { machine } = await machineViewOf(script.machineId);
      const invokes = invokesOf(machine.root);
      for (const src of Object.keys(script.effects)) {
        const mine = invokes.filter((i) => i.src === src);
        expect(mine.length, `${script.machineId} invokes ${src}`).toBeGreaterThan(0);
        for (const i of mine) expect(i.id, `${script.machineId}: the id of the invoke of ${src}`).toBe(src);
      }
    }
  });

  for (const script of BROWSER_SCRIPTS) {
    it(`${script.machineId}: ${script.testPath}`, async () => {
      const entry = findSpecPath(specPathsOf(script.machineId), script.testPath);
      const result = await replayPath(
        browser,
        app.baseUrl,
        script,
        entry,
        join(OUT, `${script.machineId}-${entry.id}`.replace(/\s+/g, '-')),
      );
      results.push(result);
      expect(result.error ?? null).toBeNull();
      expect(result.steps.length).toBe(entry.path.steps.length + 1);
      // the replay compared something a person can see
      expect(result.compared.length, 'keys compared').toBeGreaterThan(0);
    }, 90_000);
  }
});

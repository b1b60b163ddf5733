// The path catalogue (`npm run paths`, `npm run replay`) lists every machine that has an independent
// model: a model in tests/models/spec/, or replayed by a tests/machines/*.model.test.ts, that is left
// out of SPEC_MODELS (tests/models/spec/index.ts) fails here, by file. Issue 35: the session and the
// root (`app`) had models and model tests, and `npm run paths -- session` answered "No model".
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_MODELS } from '../models/spec/index.ts';
import { NODE_REPLAYS } from '../replay/node-runner.ts';
import { BROWSER_SCRIPTS } from '../replay/scripts/index.ts';
import { COLOCATED } from '../support/colocated.ts';

const SPEC_DIR = join('tests', 'models', 'spec');
const MODEL_TESTS = join('tests', 'machines');

/** A model file's machine, as the catalogue names it: hover-menu.ts is hoverMenu, buy-fruitcoins.ts buyFruitCoins. */
const listed = (file: string) =>
  SPEC_MODELS.find((e) => e.name.toLowerCase() === basename(file, '.ts').replaceAll('-', '').toLowerCase())
    ?.name;

describe('the path catalogue', () => {
  it('lists the machine of every model in tests/models/spec/', () => {
    // a model's samples may sit apart from it (session.samples.ts)
    const files = readdirSync(SPEC_DIR).filter(
      (f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.samples.ts'),
    );
    expect(files).toContain('session.ts');
    expect(files).toContain('app.ts');
    expect(files.filter((f) => !listed(f)).map((f) => `${join(SPEC_DIR, f)} is not in SPEC_MODELS`)).toEqual(
      [],
    );
  });

  it('lists the model every tests/machines/*.model.test.ts replays', () => {
    const tests = readdirSync(MODEL_TESTS).filter((f) => f.endsWith('.model.test.ts'));
    expect(tests).toContain('session.model.test.ts');
    expect(tests).toContain('app.model.test.ts');
    const missing = tests.flatMap((test) => {
      const source = readFileSync(join(MODEL_TESTS, test), 'utf8');
      const models = [...source.matchAll(/from '\.\.\/models\/spec\/([\w-]+)\.ts'/g)].map((m) => m[1]!);
      if (!models.length) return [`${test} replays no model of tests/models/spec/`];
      return models
        .filter((m) => !listed(m))
        .map((m) => `${test} replays tests/models/spec/${m}.ts, which is not in SPEC_MODELS`);
    });
    expect(missing).toEqual([]);
  });

  it('names each machine as its models do', () => {
    for (const entry of SPEC_MODELS)
      for (const walk of entry.walks) expect(walk.model.name, `${entry.name} ${walk.label}`).toBe(entry.name);
    const names = SPEC_MODELS.map((e) => e.name);
    expect(new Set(names).size, 'each machine once').toBe(names.length);
  });

  it('can replay every machine it lists, in Chromium or in Node, each of its walks', () => {
    const replayable = (name: string) =>
      BROWSER_SCRIPTS.some((s) => s.machineId === name) || NODE_REPLAYS.some((r) => r.machineId === name);
    // those named here, and every machine whose model sits beside it (replayed in its model's target)
    expect(NODE_REPLAYS.map((r) => r.machineId).sort()).toEqual(
      [
        'app',
        'connection',
        'resendEmail',
        'session',
        'socialLogin',
        'toastItem',
        ...COLOCATED.map((c) => c.machineId),
      ].sort(),
    );
    expect(SPEC_MODELS.filter((e) => !replayable(e.name)).map((e) => e.name)).toEqual([]);
    // a machine replayed in Node has a harness for each of its walks (`npm run replay -- toastItem
    // "4000 ms" 1`); one it replays in Chromium by a script is not also replayed in Node
    for (const replay of NODE_REPLAYS) {
      expect(
        BROWSER_SCRIPTS.map((s) => s.machineId),
        replay.machineId,
      ).not.toContain(replay.machineId);
      const entry = SPEC_MODELS.find((e) => e.name === replay.machineId);
      expect(entry, `${replay.machineId} is catalogued`).toBeDefined();
      for (const { label } of entry!.walks)
        expect(() => replay.target(label), `${replay.machineId} walk "${label}"`).not.toThrow();
    }
  });
});

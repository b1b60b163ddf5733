// Every machine's view contract (machines/**/*.selectors.ts, issue 16) on every state its model
// reaches: each selector answers without throwing, and answers the same snapshot with the same value
// (Object.is). Views read selectors through useSyncExternalStore, where a selector that builds a new
// object or array for an unchanged snapshot re-renders without end.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { MACHINE_MODELS, pathsOf } from '../models/index.ts';

const selectorModules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.selectors.ts', {
  eager: true,
});
const machineModules = import.meta.glob<Record<string, unknown>>(
  ['../../machines/**/*.ts', '!../../machines/**/*.test.ts', '!../../machines/**/*.model.ts'],
  { eager: true },
);

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value;

/** A selector's answer; a selector factory (it returns a selector) is asked with the snapshot as its id. */
function answer(selector: (s: AnyMachineSnapshot) => unknown, snapshot: AnyMachineSnapshot): unknown {
  const value = selector(snapshot);
  return typeof value === 'function' ? (value as (s: AnyMachineSnapshot) => unknown)(snapshot) : value;
}

const entries = Object.entries(selectorModules).filter(([file]) => !file.endsWith('system/selectors.ts'));

describe('the view contract of every machine', () => {
  it('finds a selectors file beside the machines the views read', () => {
    expect(entries.length).toBeGreaterThanOrEqual(34);
  });

  for (const [file, selectors] of entries) {
    const name = file.replace('../../', '');
    const machines = Object.values(machineModules[file.replace('.selectors.ts', '.ts')] ?? {}).filter(
      isMachine,
    );
    describe(name, () => {
      it('sits beside its machine, which has a model', () => {
        expect(machines.length, `${name}: its machine file`).toBe(1);
        expect(MACHINE_MODELS.some((m) => m.machine.id === machines[0]!.id)).toBe(true);
      });
      const model = MACHINE_MODELS.find((m) => m.machine.id === machines[0]?.id);
      if (!model) return;
      const snapshots = pathsOf(model).map((path) => path.state as AnyMachineSnapshot);
      for (const [exported, selector] of Object.entries(selectors)) {
        if (typeof selector !== 'function') continue;
        it(`${exported} answers every state its model reaches, the same each time`, () => {
          for (const snapshot of snapshots) {
            const first = answer(selector as never, snapshot);
            expect(
              Object.is(first, answer(selector as never, snapshot)),
              JSON.stringify(snapshot.value),
            ).toBe(true);
          }
        });
      }
    });
  }
});

// The model registry (tests/models/index.ts) against machines/: one model per machine, paths that
// reach every state of it, and what a person sees in every state.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { machineInventory } from '../support/model.ts';
import { MACHINE_MODELS, modelFor, pathsOf, walksOf } from '../models/index.ts';

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'implementations' in value &&
  typeof (value as { provide?: unknown }).provide === 'function';

/** Every machine the files of machines/ (its feature folders) export, by file. */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../machines/**/*.ts', '!../../machines/**/*.test.ts', '!../../machines/**/*.model.ts'],
  { eager: true },
);
const machines = Object.entries(modules).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter(isMachine)
    .map((machine) => ({ file: file.replace('../../machines/', ''), machine })),
);

const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes),
];

/** A state the machine always leaves at once (an unguarded `always`): no snapshot ever rests in it. */
const transient = (machine: AnyStateMachine): Set<string> =>
  new Set(
    allNodes(machine.root)
      .filter((n) => ((n.always ?? []) as { guard?: unknown }[]).some((t) => !t.guard))
      .map((n) => n.id),
  );

describe('the model registry', () => {
  it('finds the machines of machines/', () => {
    expect(machines.length).toBeGreaterThanOrEqual(35);
  });

  it('has exactly one model per machine, with the machine id', () => {
    for (const { file, machine } of machines) {
      const models = MACHINE_MODELS.filter((m) => m.machine.id === machine.id);
      expect(models.length, `${file}: models for "${machine.id}"`).toBe(1);
      expect(modelFor(machine.id), machine.id).toBe(models[0]);
    }
    const ids = new Set(machines.map((m) => m.machine.id));
    for (const model of MACHINE_MODELS) expect(ids, `a model of no machine`).toContain(model.machine.id);
    for (const model of MACHINE_MODELS)
      for (const walk of walksOf(model)) expect(walk.machine.id).toBe(model.machine.id);
    expect(modelFor('noSuchMachine')).toBeUndefined();
  });

  for (const { file, machine } of machines) {
    describe(`${machine.id} (${file})`, () => {
      const model = modelFor(machine.id);
      const states = machineInventory(machine).states;

      it('has paths reaching every state', { timeout: 60_000 }, () => {
        expect(model).toBeDefined();
        const reached = new Set<string>();
        for (const walk of walksOf(model!))
          for (const path of pathsOf(walk))
            for (const node of path.state._nodes as AnyStateNode[]) reached.add(node.id);
        const passedThrough = transient(machine);
        const missing = states.filter((id) => !reached.has(id) && !passedThrough.has(id));
        expect(missing).toEqual([]);
      });

      it('says what a person sees in every state', () => {
        const sees = model?.sees ?? {};
        expect(states.filter((id) => !sees[id]?.trim())).toEqual([]);
        expect(Object.keys(sees).filter((id) => !states.includes(id))).toEqual([]);
      });
    });
  }
});

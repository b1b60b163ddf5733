// Every machine file builds, and its whole definition resolves (targets, initial states, delays,
// guards and actors named by string): a machine that is malformed fails here by name, not only as a
// test file that cannot be collected. `npm run mutation` runs this file with each machine's own tests,
// so a mutant that breaks a machine at load counts as caught, as it is in `npm test` (a test file
// that cannot be collected reports no tests, which Stryker would count as the mutant surviving).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const ROOT = join(import.meta.dirname, '..', '..', 'machines');
/** The machine files: not the selectors, the registries, the contract, a shared fragment, or a model or test beside a machine. */
const FRAGMENTS = ['registry.ts', 'pay-or-cancel.ts'];
const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
  .filter(
    (f) =>
      f.endsWith('.ts') &&
      !f.endsWith('.selectors.ts') &&
      !f.endsWith('.model.ts') &&
      !f.endsWith('.test.ts') &&
      !f.endsWith('.gen.ts') &&
      !f.startsWith('system') &&
      !FRAGMENTS.some((name) => f.endsWith(name)),
  )
  .map((f) => join('machines', f))
  .sort();

const isMachine = (value: unknown): value is AnyStateMachine =>
  value !== null && typeof value === 'object' && 'root' in value && 'provide' in value;

/** Each string an implementation is named by must exist in the machine's implementations. */
function unresolved(machine: AnyStateMachine): string[] {
  const impl = machine.implementations as unknown as Record<string, Record<string, unknown>>;
  const missing: string[] = [];
  const visit = (node: AnyStateNode): void => {
    for (const t of [...node.transitions.values()].flat().concat(node.always ?? [])) {
      if (typeof t.guard === 'string' && !(t.guard in impl.guards!)) missing.push(`guard ${t.guard}`);
    }
    for (const invoke of node.invoke) {
      if (typeof invoke.src === 'string' && !(invoke.src in impl.actors!))
        missing.push(`actor ${invoke.src}`);
    }
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return missing;
}

describe.each(files)('%s', (file) => {
  it('builds its machines, every target, guard and actor resolved', async () => {
    const module = (await import(join(import.meta.dirname, '..', '..', file))) as Record<string, unknown>;
    const machines = Object.values(module).filter(isMachine);
    expect(machines.length, `${file} exports a machine`).toBeGreaterThan(0);
    for (const machine of machines) {
      // the definition walks every state node, resolving targets and initial states
      expect(JSON.stringify(machine.definition).length).toBeGreaterThan(0);
      expect(unresolved(machine), machine.id).toEqual([]);
    }
  });
});

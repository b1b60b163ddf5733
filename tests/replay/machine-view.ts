// The machine a replay watches and its view contract (machines/<area>/<file>.ts and
// <file>.selectors.ts), found among the machines/ files by the machine's id.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getInitialSnapshot, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';

export interface MachineView {
  machine: AnyStateMachine;
  /** The machine's selectors module (empty when it has none). */
  selectors: Record<string, unknown>;
  file: string;
}

const MACHINES_DIR = resolve('machines');
const machineFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return machineFiles(p);
    // the machine files, not the selectors or a test beside a machine (it runs only under vitest)
    return p.endsWith('.ts') && !p.endsWith('.selectors.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });

const views = new Map<string, Promise<MachineView>>();

/** The machine whose `id` is `machineId` (found among the machines/ files) and its selectors. */
export function machineViewOf(machineId: string): Promise<MachineView> {
  let found = views.get(machineId);
  if (!found) {
    found = (async () => {
      for (const file of machineFiles(MACHINES_DIR)) {
        const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
        const machine = Object.values(mod).find(
          (v): v is AnyStateMachine =>
            typeof v === 'object' &&
            v !== null &&
            (v as { id?: unknown }).id === machineId &&
            typeof (v as { resolveState?: unknown }).resolveState === 'function',
        );
        if (!machine) continue;
        const selectorsFile = file.replace(/\.ts$/, '.selectors.ts');
        const selectors = existsSync(selectorsFile)
          ? ((await import(pathToFileURL(selectorsFile).href)) as Record<string, unknown>)
          : {};
        return { machine, selectors, file: relative(process.cwd(), file) };
      }
      throw new Error(`No machine with id ${machineId} in machines/`);
    })();
    views.set(machineId, found);
  }
  return found;
}

/** The machine's initial snapshot, for a page machine that does not run yet. */
export function initialOf(machine: AnyStateMachine): AnyMachineSnapshot {
  try {
    return getInitialSnapshot(machine, undefined as never) as AnyMachineSnapshot;
  } catch {
    return machine.resolveState({ value: machine.root.initial?.target[0]?.key ?? {}, context: {} });
  }
}

// The machines whose models sit beside them (machines/<feature>/<name>.model.ts, issue 36): found by
// their file names, so the path catalogue, the Node replays, the model registry and the mutation runs
// list a new machine without a line anywhere. A model file exports its walks, what a person sees in
// each state (`sees`) and the target that meets the machine (tests/support/spec-replay.ts).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import type { ModelFile } from './spec-replay.ts';
import type { SpecModel } from './spec-model.ts';

export interface ColocatedModel extends ModelFile {
  /** The machine's id, as its models name it. */
  machineId: string;
  /** The model file, from the repository's root. */
  file: string;
  sees: Record<string, string>;
  machine: AnyStateMachine;
}

const ROOT = join(import.meta.dirname, '..', '..');
const MACHINES = join(ROOT, 'machines');

/** machines/<feature>/<name>.model.ts, in path order. */
export const colocatedModelFiles = (): string[] =>
  readdirSync(MACHINES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(MACHINES, dir.name))
        .filter((name) => name.endsWith('.model.ts'))
        .map((name) => join(MACHINES, dir.name, name)),
    )
    .sort();

async function load(path: string): Promise<ColocatedModel> {
  const file = relative(ROOT, path);
  const exported = (await import(pathToFileURL(path).href)) as Partial<
    ModelFile & { sees: Record<string, string> }
  >;
  if (!exported.walks?.length || typeof exported.target !== 'function' || !exported.sees)
    throw new Error(`${file} must export its walks, sees and target`);
  const first = exported.walks[0]!.model as SpecModel<never>;
  return {
    file,
    machineId: first.name,
    walks: exported.walks,
    sees: exported.sees,
    target: exported.target,
    machine: exported.target(exported.walks[0]!.label).machine,
  };
}

export const COLOCATED: ColocatedModel[] = await Promise.all(colocatedModelFiles().map(load));

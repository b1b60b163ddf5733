// The spec paths of a machine (the paths of its independent model, tests/models/spec), numbered as
// `npm run paths -- <machine>` lists them, and the one a person names: what `npm run replay` replays
// in Chromium (tests/replay/runner.ts) or in Node (tests/replay/node-runner.ts).
import { specPathOf, specWalk, type SpecModel, type SpecPath } from '../support/spec-model.ts';
import { catalogueOf } from '../models/spec-catalogue.ts';
import { SPEC_MODELS } from '../models/spec/index.ts';

/** One path of a machine's independent model, with its number as `npm run paths` shows it. */
export interface SpecPathEntry {
  machine: string;
  /** The walk's label ('' when the machine has one walk). */
  walk: string;
  /** "12", or "dialogs-3" for a machine with several walks (as `npm run paths` prints it). */
  id: string;
  title: string;
  /** The docs/requirements.md section its last step checks. */
  requirement: string;
  model: SpecModel<unknown>;
  path: SpecPath<unknown>;
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The machine's name in SPEC_MODELS for a machine id (loginDialog) or file name (login-dialog). */
export const specMachineName = (name: string): string | undefined =>
  SPEC_MODELS.find((e) => e.name === name || e.name === camel(name))?.name;

/** Every spec path of a machine, walk after walk, numbered exactly as `npm run paths` numbers them. */
export function specPathsOf(machine: string): SpecPathEntry[] {
  const entry = SPEC_MODELS.find((e) => e.name === machine);
  if (!entry) throw new Error(`No independent model for "${machine}" (tests/models/spec/index.ts)`);
  return entry.walks.flatMap(({ label, model }) => {
    const m = model as unknown as SpecModel<unknown>;
    const listed = catalogueOf(m, label).paths;
    const paths = specWalk(m).paths;
    return listed.map((c, i) => {
      if (paths[i]?.title !== c.title)
        throw new Error(`The catalogue of ${machine} lists another path ${c.id}`);
      return {
        machine,
        walk: label,
        id: c.id,
        title: c.title,
        requirement: c.requirement,
        model: m,
        path: paths[i]!,
      };
    });
  });
}

/**
 * The path a person names: its number as `npm run paths` shows it ("12"; "dialogs-3" for a machine
 * with several walks, also written "dialogs 3"), its whole title, a part of its title that only
 * one path has, or the steps from the start ("step → state · step → state", or the steps alone) of
 * any path the model allows.
 */
export function findSpecPath(paths: SpecPathEntry[], wanted: string): SpecPathEntry {
  const query = wanted.trim();
  const walks = [...new Set(paths.map((p) => p.walk))];
  const numbered = /^(.*?)[\s-]*(\d+)$/.exec(query);
  if (numbered) {
    const [, walk = '', n] = numbered;
    const id = walk ? `${walk}-${n}` : n!;
    const exact = paths.find((p) => p.id.toLowerCase() === id.toLowerCase());
    if (exact) return exact;
    if (!walk && walks.length > 1)
      throw new Error(
        `${paths[0]?.machine} has several walks (${walks.join(', ')}): name one before the number, ` +
          `as \`npm run paths\` shows it, e.g. "${walks[0]} ${n}"`,
      );
  }
  // a whole title (a title may be the start of longer ones: their steps go on)
  const titled = paths.filter((p) => p.title.toLowerCase() === query.toLowerCase());
  if (titled.length === 1) return titled[0]!;
  const matching = paths.filter((p) => p.title.toLowerCase().includes(query.toLowerCase()));
  if (matching.length === 1) return matching[0]!;
  if (!matching.length) {
    // any run of steps the model allows is a path of it: "step → state · step → state" from the
    // start, as the older catalogue titled its paths, need not be one of the tours
    for (const walk of walks) {
      const entry = paths.find((p) => p.walk === walk)!;
      const path = specPathOf(entry.model, query);
      if (path)
        return {
          ...entry,
          id: `${walk ? `${walk}-` : ''}steps`,
          title: path.title,
          requirement: entry.model.spec,
          path,
        };
    }
    throw new Error(`No path "${query}" (\`npm run paths -- ${paths[0]?.machine}\` lists them)`);
  }
  throw new Error(
    `${matching.length} paths have "${query}" in their title: ${matching
      .slice(0, 8)
      .map((p) => p.id)
      .join(', ')}${matching.length > 8 ? ', …' : ''}; name one by its number`,
  );
}

// The path catalogue of the independent models (tests/models/spec/): for each machine, the paths its
// model generates, grouped by the requirement (docs/requirements.md section) their last step checks, each step
// with what the replay then checks the machine shows. `npm run paths` prints it.
import { specStepLabel, specWalk, type SpecModel, type SpecStep } from '../support/spec-model.ts';

export interface CatalogueStep {
  n: number;
  label: string;
  /** The model state's name after the step. */
  state: string;
  /** What the replay checks the machine shows after the step (the model's `expect`). */
  sees: string;
}

export interface CatalogueEntry {
  id: string;
  title: string;
  requirement: string;
  steps: CatalogueStep[];
}

export interface CatalogueWalk {
  /** The walk's name when a machine has several (another input). */
  label: string;
  spec: string;
  states: number;
  cut: number;
  paths: CatalogueEntry[];
}

/** `{"open":true,"error":null}` as `open: true · error: none`: what a person reads. */
export const seesText = (value: unknown): string => {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(seesText).join(', ') : 'none';
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => {
      if (v === null || v === undefined || v === false) return `${k}: ${v === false ? 'no' : 'none'}`;
      if (v === true) return `${k}: yes`;
      if (typeof v === 'object') return `${k}: (${seesText(v)})`;
      return `${k}: ${typeof v === 'string' ? `"${v}"` : String(v)}`;
    })
    .join(' · ');
};

export function catalogueOf<S>(model: SpecModel<S>, label = ''): CatalogueWalk {
  const walk = specWalk(model);
  const name = model.label ?? ((s: S) => JSON.stringify(s));
  const requirement = (before: S, step: SpecStep, after: S): string =>
    model.requirement?.(before, step, after) ?? model.spec;
  const paths = walk.paths.map((path, i): CatalogueEntry => {
    let before = model.initial;
    const steps: CatalogueStep[] = [
      { n: 0, label: 'start', state: name(model.initial), sees: seesText(model.expect(model.initial)) },
    ];
    let last = model.spec;
    path.steps.forEach(({ step, state }, j) => {
      last = requirement(before, step, state);
      steps.push({
        n: j + 1,
        label: specStepLabel(step),
        state: name(state),
        sees: seesText(model.expect(state)),
      });
      before = state;
    });
    return { id: `${label ? `${label}-` : ''}${i + 1}`, title: path.title, requirement: last, steps };
  });
  return { label, spec: model.spec, states: walk.states, cut: walk.cut, paths };
}

/** Markdown: per walk, paths grouped by requirement, each a numbered list of steps. */
export function catalogueMarkdown(machine: string, walks: CatalogueWalk[]): string {
  const out: string[] = [`# ${machine}: paths of its independent model`, ''];
  for (const walk of walks) {
    if (walks.length > 1) out.push(`## ${walk.label || 'default'}`, '');
    out.push(
      `${walk.paths.length} paths over ${walk.states} model states, from ${walk.spec}. ` +
        (walk.cut
          ? `Cut: ${walk.cut} state(s) lie past the model's depth limit and no path reaches them.`
          : 'Nothing was cut: every state the model can reach has a path.'),
      '',
    );
    const groups = new Map<string, CatalogueEntry[]>();
    for (const p of walk.paths) groups.set(p.requirement, [...(groups.get(p.requirement) ?? []), p]);
    for (const [requirement, paths] of groups) {
      out.push(`${walks.length > 1 ? '###' : '##'} ${requirement} (${paths.length})`, '');
      for (const p of paths) {
        out.push(`- **${p.id}** ${p.title}`);
        for (const s of p.steps.slice(1)) out.push(`  ${s.n}. ${s.label} → ${s.state}: sees ${s.sees}`);
      }
      out.push('');
    }
  }
  return out.join('\n');
}

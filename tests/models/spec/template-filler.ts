// The template of a prompt's page (requirements §3 Prompt: formula text with [Variable N] placeholders;
// §9: the pattern, and the leading phrases "colorful backgrounds in gold and ", "a ", "an " stripped
// from the first variable's text). Every [Variable N] has an input; what is typed (trimmed) fills the
// prompt live, an empty field leaving its placeholder. "Copy prompt" copies the filled prompt with
// each empty field given the example it shows, and a toast (requirements §2 Toasts: success green, error
// red) says so: "Prompt copied to your clipboard" when everything was typed, else how many examples
// it used and which placeholders had nothing to put in ("… has no value: fill it in where you
// paste"). A browser that blocks the clipboard gets "Copying is blocked in this browser. Select the
// prompt text and copy it yourself." Loading the same prompt again keeps what was typed; another
// prompt (or another template) starts empty. The answer of a copy that was left behind changes nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface Variable {
  index: number;
  label: string;
  example: string;
}

export const PROMPTS = {
  lake: {
    promptId: 7,
    template: 'a misty lake with [Variable 1] at [Variable 2] --ar 3:2',
    variables: [
      { index: 0, label: 'Subject', example: 'a lone canoe' },
      { index: 1, label: 'Time', example: 'dawn' },
    ],
  },
  // the same prompt with another template (an edit on the server): a new start
  lakeEdited: {
    promptId: 7,
    template: 'a lake with [Variable 12], [Variable 3] and [Variable 6], [Variable 3] again',
    variables: [],
  },
  portrait: {
    promptId: 8,
    template: 'a portrait of [Variable 1] in [Variable 2], [Variable 2] again, with [Variable 4]',
    variables: [
      { index: 0, label: 'Person', example: 'an old fisherman' },
      { index: 1, label: 'Place', example: '  ' },
    ],
  },
} as const satisfies Record<string, { promptId: number; template: string; variables: Variable[] }>;

export type PromptName = keyof typeof PROMPTS;

export interface TemplateFillerState {
  phase: 'empty' | 'editing' | 'copying';
  prompt: PromptName | null;
  values: string[];
  /** Copies left behind by another load, still unanswered. */
  stale: number;
  toasts: { kind: string; message: string }[];
}

const LEADING = ['colorful backgrounds in gold and ', 'a ', 'an '];
const strip = (text: string, index: number): string => {
  const phrase = index === 0 ? LEADING.find((p) => text.toLowerCase().startsWith(p)) : undefined;
  return phrase ? text.slice(phrase.length) : text;
};

/** The placeholders N of a template, in order, each once. */
const placeholders = (template: string): number[] => [
  ...new Set([...template.matchAll(/\[Variable (\d+)\]/g)].map((m) => Number(m[1]))),
];

/** The prompt filled with `values` (by placeholder N); a placeholder without a value stays. */
const fill = (template: string, value: (n: number) => string): string =>
  template.replace(/\[Variable (\d+)\]/g, (whole, n: string) => {
    const v = value(Number(n)).trim();
    return v ? strip(v, Number(n) - 1) : whole;
  });

export const shownText = (s: TemplateFillerState): string =>
  s.prompt ? fill(PROMPTS[s.prompt].template, (n) => s.values[n - 1] ?? '') : '';

/** What "Copy prompt" copies, how many examples it used, and the placeholders left without a value. */
export const copyOf = (s: TemplateFillerState) => {
  if (!s.prompt) return { text: '', examples: 0, blanks: [] as number[] };
  const { template, variables } = PROMPTS[s.prompt];
  const example = (n: number) =>
    (variables as readonly Variable[]).find((v) => v.index === n - 1)?.example.trim() ?? '';
  const typed = (n: number) => (s.values[n - 1] ?? '').trim();
  const empty = placeholders(template).filter((n) => !typed(n));
  return {
    text: fill(template, (n) => typed(n) || example(n)),
    examples: empty.filter((n) => example(n)).length,
    blanks: empty.filter((n) => !example(n)).sort((a, b) => a - b),
  };
};

export const copyMessageOf = (s: TemplateFillerState): string => {
  const { examples, blanks } = copyOf(s);
  if (!examples && !blanks.length) return 'Prompt copied to your clipboard';
  const copied = examples
    ? `Copied, with ${examples} example ${examples === 1 ? 'value' : 'values'}`
    : 'Copied';
  const names = blanks.map((n) => `[Variable ${n}]`);
  if (names.length === 0) return copied;
  if (names.length === 1) return `${copied}. ${names[0]} has no value: fill it in where you paste`;
  return `${copied}. ${names.slice(0, -1).join(', ')} and ${names.at(-1)} have no value: fill them in where you paste`;
};

const CHANGES = [
  { type: 'variable.change', index: 0, value: 'A red fox' },
  { type: 'variable.change', index: 1, value: '  dusk ' },
  { type: 'variable.change', index: 0, value: '   ' },
  // no such field
  { type: 'variable.change', index: 2, value: 'ignored' },
];

export const templateFillerSpec = (): SpecModel<TemplateFillerState> => {
  const next = (s: TemplateFillerState, step: SpecStep): TemplateFillerState => {
    if ('send' in step) {
      const e = step.send;
      if (e.type === 'template.load') {
        const name = (Object.keys(PROMPTS) as PromptName[]).find(
          (k) => PROMPTS[k].promptId === e.promptId && PROMPTS[k].template === e.template,
        )!;
        const stale = s.stale + (s.phase === 'copying' ? 1 : 0);
        if (name === s.prompt) return { ...s, phase: 'editing', stale };
        return { ...s, phase: 'editing', prompt: name, values: PROMPTS[name].variables.map(() => ''), stale };
      }
      if (s.phase !== 'editing') return s;
      if (e.type === 'variable.change') {
        const index = e.index as number;
        if (index < 0 || index >= s.values.length) return s;
        return { ...s, values: s.values.map((v, i) => (i === index ? (e.value as string) : v)) };
      }
      if (e.type === 'template.reset') return { ...s, values: s.values.map(() => '') };
      if (e.type === 'template.copy') return { ...s, phase: 'copying' };
      return s;
    }
    if ('wait' in step) return s;
    if (s.stale) return { ...s, stale: s.stale - 1 };
    if (s.phase !== 'copying') return s;
    return {
      ...s,
      phase: 'editing',
      toasts: [
        ...s.toasts,
        'settle' in step
          ? { kind: 'success', message: copyMessageOf(s) }
          : {
              kind: 'error',
              message: 'Copying is blocked in this browser. Select the prompt text and copy it yourself.',
            },
      ],
    };
  };
  const load = (name: PromptName): SpecStep => ({ send: { type: 'template.load', ...PROMPTS[name] } });
  return {
    name: 'templateFiller',
    spec: 'requirements §3 Prompt (formula text, [Variable N]), §9 (pattern, leading phrases), §2 Toasts',
    initial: { phase: 'empty', prompt: null, values: [], stale: 0, toasts: [] },
    steps: (s) => [
      ...(s.prompt === null
        ? [load('lake'), load('portrait')]
        : [
            load(s.prompt),
            load(s.prompt === 'lake' ? 'lakeEdited' : s.prompt === 'portrait' ? 'lake' : 'portrait'),
          ]),
      ...(s.phase === 'editing'
        ? CHANGES.filter((c) => c.value.trim() || s.values[c.index]).map((send) => ({ send }))
        : [{ send: CHANGES[0]! }]),
      { send: { type: 'template.reset' } },
      ...(s.toasts.length < 1 ? [{ send: { type: 'template.copy' } }] : []),
      ...(s.phase === 'copying' || s.stale
        ? [{ settle: 'copyText' }, { fail: 'copyText', error: new Error('NotAllowedError') }]
        : []),
    ],
    next,
    expect: (s) => {
      const prompt = s.prompt ? PROMPTS[s.prompt] : null;
      const copy = copyOf(s);
      return {
        loaded: Object.fromEntries(Object.entries(PROMPTS).map(([k]) => [k, k === s.prompt])),
        variables: prompt?.variables ?? [],
        values: s.values,
        text: shownText(s),
        copying: s.phase === 'copying',
        examplesUsed: copy.examples,
        copiedText: copy.text,
        toasts: s.toasts,
      };
    },
    calls: (before, step, after): EffectCall[] =>
      after.phase === 'copying' && before.phase !== 'copying'
        ? [{ actor: 'copyText', input: { text: copyOf(after).text } }]
        : [],
    label: (s) =>
      `${s.phase}${s.prompt ? ` ${s.prompt} ${JSON.stringify(s.values)}` : ''}${s.stale ? ` (${s.stale} left behind)` : ''}${s.toasts.length ? ` [${s.toasts.map((t) => t.kind).join(', ')}]` : ''}`,
    maxDepth: 5,
  };
};

import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';
import { fillTemplate, VARIABLE_PATTERN, type PromptVariable } from '../../domain/catalog.ts';

export const COPY_MESSAGES = {
  copied: 'Prompt copied to your clipboard',
  failed: 'Copying is blocked in this browser. Select the prompt text and copy it yourself.',
} as const;

export type TemplateFillerEvent =
  | { type: 'template.load'; promptId: number; template: string; variables: PromptVariable[] }
  | { type: 'variable.change'; index: number; value: string }
  | { type: 'template.reset' }
  | { type: 'template.copy' };

export interface TemplateFillerContext {
  promptId: number | null;
  template: string;
  variables: PromptVariable[];
  values: string[];
}

/** The filled prompt as the person sees it: `[Variable N]` replaced live (requirements §9 leading phrases). */
export const filledText = (context: TemplateFillerContext): string =>
  fillTemplate(context.template, context.values);

/** What "Copy prompt" copies, and how it was filled. */
export interface CopyPlan {
  /** The filled prompt, each empty field given the example it shows. */
  text: string;
  /** How many variables were filled with their example. */
  examples: number;
  /** The numbers N of the `[Variable N]` left as they are: empty, and no example to use. */
  blanks: number[];
}

/**
 * The text to copy: what the person typed, and for a field left empty the example shown in it
 * (never a bare `[Variable N]` without a word: `copyMessage` names any that had no example).
 */
export const copyPlan = (context: TemplateFillerContext): CopyPlan => {
  const examples = new Set<number>();
  const blanks = new Set<number>();
  const values = context.variables.map((_, i) => context.values[i] ?? '');
  for (const [, n] of context.template.matchAll(VARIABLE_PATTERN)) {
    const index = Number(n) - 1;
    if (values[index]?.trim()) continue;
    const example = context.variables[index]?.example.trim() ?? '';
    if (example) {
      values[index] = example;
      examples.add(index);
    } else blanks.add(index + 1);
  }
  return {
    text: fillTemplate(context.template, values),
    examples: examples.size,
    blanks: [...blanks].sort((a, b) => a - b),
  };
};

const joinAnd = (parts: readonly string[]): string =>
  parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;

/** The toast after copying: plain when everything was typed, else how many examples were used. */
export const copyMessage = (plan: CopyPlan): string => {
  if (plan.examples === 0 && plan.blanks.length === 0) return COPY_MESSAGES.copied;
  const copied =
    plan.examples === 0
      ? 'Copied'
      : `Copied, with ${plan.examples} example ${plan.examples === 1 ? 'value' : 'values'}`;
  if (plan.blanks.length === 0) return copied;
  const names = joinAnd(plan.blanks.map((n) => `[Variable ${n}]`));
  return plan.blanks.length === 1
    ? `${copied}. ${names} has no value: fill it in where you paste`
    : `${copied}. ${names} have no value: fill them in where you paste`;
};

/**
 * The detail page's template (requirements §4 Prompt access, §9): every `[Variable N]` is an input whose
 * value fills the prompt live; "Copy prompt" copies the filled text, a field left empty given the
 * example it shows, and the toast says how many examples it used ("Copied, with 1 example value").
 */
export const templateFillerMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as TemplateFillerContext,
    events: {} as TemplateFillerEvent,
    tags: {} as 'busy',
  },
  actors: {
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('copyText must be provided');
    }),
  },
  actions: {
    toastCopied: tell('toast', ({ context }) => ({
      type: 'toast.show',
      kind: 'success',
      message: copyMessage(copyPlan(context)),
    })),
    toastFailed: tell('toast', {
      type: 'toast.show',
      kind: 'error',
      message: COPY_MESSAGES.failed,
    }),
  },
  guards: {
    knownVariable: ({ context, event }) =>
      event.type === 'variable.change' && event.index >= 0 && event.index < context.variables.length,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'templateFiller',
  context: { promptId: null, template: '', variables: [], values: [] },
  initial: 'empty',
  on: {
    'template.load': {
      target: '.editing',
      actions: assign(({ context, event }) =>
        // the same prompt again (a re-render, going back) keeps what the person typed
        context.promptId === event.promptId && context.template === event.template
          ? {}
          : {
              promptId: event.promptId,
              template: event.template,
              variables: event.variables,
              values: event.variables.map(() => ''),
            },
      ),
    },
  },
  states: {
    empty: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'No template shown (a locked prompt, or none loaded).',
    },
    editing: {
      on: {
        'variable.change': {
          guard: 'knownVariable',
          actions: assign({
            values: ({ context, event }) =>
              context.values.map((v, i) => (i === event.index ? event.value : v)),
          }),
        },
        'template.reset': { actions: assign({ values: ({ context }) => context.variables.map(() => '') }) },
        'template.copy': 'copying',
      },
    },
    copying: {
      tags: ['busy'],
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => ({ text: copyPlan(context).text }),
        onDone: { target: 'editing', actions: 'toastCopied' },
        onError: { target: 'editing', actions: 'toastFailed' },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    templateFiller: TemplateFillerEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    templateFiller: ActorRefFrom<typeof templateFillerMachine>;
  }
}

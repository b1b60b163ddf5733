import { assign, fromPromise, sendTo, setup, type AnyEventObject } from 'xstate';
import { fillTemplate, type PromptVariable } from './domain/catalog.ts';

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

/** The filled prompt as the person sees it: `[Variable N]` replaced live (SPEC.md §9 leading phrases). */
export const filledText = (context: TemplateFillerContext): string =>
  fillTemplate(context.template, context.values);

/**
 * The detail page's template (SPEC.md §4 Prompt access, §9): every `[Variable N]` is an input whose
 * value fills the prompt live; "Copy prompt" copies the filled text and says so.
 */
export const templateFillerMachine = setup({
  types: {
    context: {} as TemplateFillerContext,
    events: {} as TemplateFillerEvent,
  },
  actors: {
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('copyText must be provided');
    }),
  },
  actions: {
    toastCopied: sendTo(({ system }) => system.get('toast'), {
      type: 'toast.show',
      kind: 'success',
      message: COPY_MESSAGES.copied,
    } as AnyEventObject),
    toastFailed: sendTo(({ system }) => system.get('toast'), {
      type: 'toast.show',
      kind: 'error',
      message: COPY_MESSAGES.failed,
    } as AnyEventObject),
  },
  guards: {
    knownVariable: ({ context, event }) =>
      event.type === 'variable.change' && event.index >= 0 && event.index < context.variables.length,
  },
}).createMachine({
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
    empty: { description: 'No template shown (a locked prompt, or none loaded).' },
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
        input: ({ context }) => ({ text: filledText(context) }),
        onDone: { target: 'editing', actions: 'toastCopied' },
        onError: { target: 'editing', actions: 'toastFailed' },
      },
    },
  },
});

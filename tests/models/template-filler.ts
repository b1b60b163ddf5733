// The template filler on a prompt's page: a field per variable, the filled prompt live, a copy button.
import type { AnyMachineSnapshot } from 'xstate';
import { templateFillerMachine, type TemplateFillerContext } from '../../machines/catalog/template-filler.ts';
import { fullFixture } from '../support/fixtures.ts';
import { withControlledActors } from './traversal.ts';
import type { MachineModel } from './types.ts';

const full = fullFixture(7);

const copyAnswers = {
  'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText', output: undefined }],
  'xstate.error.actor.copyText': [{ type: 'xstate.error.actor.copyText', error: new Error('denied') }],
};

// The prompt the catalog page replay fills (tests/views/catalog.model.test.tsx).
export const FILLER_TEMPLATE = 'a portrait of [Variable 1] under [Variable 2] --ar 2:3';
export const fillablePrompt = fullFixture(3, {
  title: 'Window Light Portrait',
  grade: 0,
  promptDetail: {
    ...fullFixture(3).promptDetail,
    template: FILLER_TEMPLATE,
    variables: [
      { index: 0, label: 'Subject', example: 'an old fisherman' },
      { index: 1, label: 'Light', example: 'soft window light' },
    ],
  },
});

/** The prompt page's walk: two variables typed into their labelled fields, then Copy. */
export const templateFillerPageModel: MachineModel = {
  machine: withControlledActors(templateFillerMachine, ['copyText']),
  actors: ['copyText'],
  samples: {
    'template.load': [
      {
        type: 'template.load',
        promptId: fillablePrompt.id,
        template: FILLER_TEMPLATE,
        variables: fillablePrompt.promptDetail.variables,
      },
    ],
    'variable.change': [
      { type: 'variable.change', index: 0, value: 'a red fox' },
      { type: 'variable.change', index: 1, value: 'moonlight' },
    ],
    ...copyAnswers,
  },
  serialize: (s: AnyMachineSnapshot) =>
    `${JSON.stringify(s.value)} ${JSON.stringify((s.context as TemplateFillerContext).values)}`,
  maxSteps: 5,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  templateFiller: "The template filler on an unlocked prompt's page",
  'templateFiller.empty': 'No filler (a locked prompt, or none loaded)',
  'templateFiller.editing':
    '"Fill in the variables": a field per variable ("Variable 1: Subject"), the filled prompt live with each ' +
    'empty [Variable N] a button to its field, "Copy prompt", "Reset", "Open in …"',
  'templateFiller.copying':
    '"Copy prompt" busy while the text is copied (empty fields take their example); then the toast ' +
    '"Prompt copied to your clipboard", or "Copied, with 1 example value" when an example was used',
};

export const templateFillerModel: MachineModel = {
  sees: SEES,
  machine: templateFillerMachine,
  actors: ['copyText'],
  samples: {
    'template.load': [
      {
        type: 'template.load',
        promptId: 7,
        template: full.promptDetail.template!,
        variables: full.promptDetail.variables,
      },
    ],
    'variable.change': [
      { type: 'variable.change', index: 0, value: 'a red fox' },
      { type: 'variable.change', index: 5, value: 'ignored' },
    ],
    ...copyAnswers,
  },
  page: templateFillerPageModel,
};

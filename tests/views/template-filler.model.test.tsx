// The template filler's independent model (tests/models/spec/template-filler.ts), written from
// docs/requirements.md, replayed on the rendered app as tests/views/catalog.model.test.tsx replays the
// list and the detail page (what the two share is in tests/views/support/catalog-pages.ts).
//
// Left to the machine replay (tests/machines/template-filler.model.test.ts), because nobody can take
// them on the page: typing into a field the form does not have (no "Variable 3" field, no fields before
// a template is shown or for a template without variables), "Reset" or "Copy prompt" before a template
// is shown and "Reset" for a template without variables (no such buttons). Repetitive variations left
// out to keep the file fast are named where the paths are chosen.
import { within } from '@testing-library/react';
import { vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { PromptFull } from '../../domain/catalog.ts';
import type { PromptLookup } from '../../machines/catalog/prompt-detail.ts';
import { fullFixture } from '../support/fixtures.ts';
import type { SpecStep } from '../support/spec-model.ts';
import {
  PROMPTS,
  templateFillerSpec,
  type PromptName,
  type TemplateFillerState,
} from '../models/spec/template-filler.ts';
import { controllable, settle } from './support/controllable.ts';
import { describePagePaths, pagePaths } from './support/spec-page.ts';
import { jsdomPerson } from './support/person.ts';
import { templateFillerDriver } from '../drivers/template-filler.ts';
import {
  REPLAY_TIMEOUT,
  START_TITLE,
  startApp,
  type App,
  all,
  one,
  text,
  main,
  pageHeading,
  namesOf,
  until,
  checkCalls,
  answer,
} from './support/catalog-pages.ts';

const fillerModel = templateFillerSpec();

/** Each model prompt on its own detail page; lakeEdited is lake's page after an edit on the server. */
const FILLER_PAGES: Record<PromptName, { slugId: string; title: string }> = {
  lake: { slugId: 'misty-lake-7', title: 'Misty Lake' },
  lakeEdited: { slugId: 'misty-lake-7', title: 'Misty Lake, edited' },
  portrait: { slugId: 'a-portrait-8', title: 'A Portrait' },
};
const nameOf = (event: { [key: string]: unknown }): PromptName =>
  (Object.keys(PROMPTS) as PromptName[]).find(
    (k) => PROMPTS[k].promptId === event.promptId && PROMPTS[k].template === event.template,
  )!;

/** A free ChatGPT prompt (its "Open in ChatGPT" link carries what "Copy prompt" copies). */
const fillerPrompt = (name: PromptName): PromptFull => {
  const { promptId, template, variables } = PROMPTS[name];
  const { slugId, title } = FILLER_PAGES[name];
  const base = fullFixture(promptId);
  return {
    ...base,
    slugId,
    title,
    generatorType: 3,
    grade: 0,
    hasAccess: 1,
    promptDetail: { ...base.promptDetail, slugId, template, variables: variables.map((v) => ({ ...v })) },
  };
};

interface FillerApp extends App {
  copy: ReturnType<typeof controllable<[string], void>>;
  serve: (name: PromptName) => void;
  getPrompt: ReturnType<typeof vi.fn>;
}

async function performFiller(
  app: FillerApp,
  step: SpecStep,
  before: TemplateFillerState,
  after: TemplateFillerState,
) {
  const copies = app.copy.fn.mock.calls.length;
  if ('send' in step) {
    const event = step.send;
    const name = event.type === 'template.load' ? nameOf(event) : null;
    // the detail page loads its template into the filler once the prompt is shown
    if (name) app.serve(name);
    const asked = app.getPrompt.mock.calls.length;
    await jsdomPerson(app, { user: app.hands }).take(templateFillerDriver, event, before);
    if (name) {
      await until(
        () =>
          app.getPrompt.mock.calls.length > asked &&
          pageHeading() === FILLER_PAGES[name].title &&
          one(main(), 'button', { name: 'Copy prompt' }) !== null,
        `showed ${FILLER_PAGES[name].title} with its template`,
      );
      await settle();
    }
  } else await answer(app.copy, step, () => undefined);
  checkCalls(
    step,
    app.copy.fn.mock.calls.slice(copies).map(([text]) => text),
    fillerModel.calls?.(before, step, after) ?? [],
    (call) => (call.input as { text: string }).text,
  );
}

function observeFiller() {
  const toaster = one(document.body, 'region', { name: 'Notifications' })!;
  const toasts = all(toaster, 'paragraph').map(text);
  const page = main();
  const copyButton = one(page, 'button', { name: 'Copy prompt' });
  if (!copyButton) return { heading: pageHeading(), filler: null, toasts };
  const group = one(page, 'group', { name: 'Fill in the variables' });
  const fields = group ? namesOf(group, 'textbox') : [];
  const open = one(page, 'link', { name: 'Open in ChatGPT' })!.getAttribute('href')!;
  return {
    heading: pageHeading(),
    filler: {
      variables: fields.map(({ element, name }) => ({
        index: Number(/^Variable (\d+): /.exec(name)?.[1]) - 1,
        label: name.replace(/^Variable \d+: /, ''),
        example: element.getAttribute('placeholder'),
      })),
      values: fields.map(({ element }) => (element as HTMLInputElement).value),
      text: text(within(page).getByLabelText('Filled prompt')),
      copying: copyButton.hasAttribute('disabled'),
      examplesUsed:
        within(page).queryByText(
          'Fields left empty are copied with the example shown in them. Type your own to replace it.',
        ) !== null,
      copiedText: new URL(open).searchParams.get('q'),
    },
    toasts,
  };
}

function fillerShown(expected: unknown, state: TemplateFillerState) {
  const e = expected as {
    variables: { index: number; label: string; example: string }[];
    values: string[];
    text: string;
    copying: boolean;
    examplesUsed: number;
    copiedText: string;
    toasts: { kind: string; message: string }[];
  };
  // a toast's kind is its colour and icon; what the page says is its message
  const toasts = e.toasts.map((t) => t.message);
  if (state.prompt === null) return { heading: START_TITLE, filler: null, toasts };
  return {
    heading: FILLER_PAGES[state.prompt].title,
    filler: {
      variables: e.variables.map(({ index, label, example }) => ({ index, label, example })),
      values: e.values,
      text: e.text,
      copying: e.copying,
      examplesUsed: e.examplesUsed > 0,
      copiedText: e.copiedText,
    },
    toasts,
  };
}

const fillerCanTake = (step: SpecStep, before: TemplateFillerState): boolean => {
  if (!('send' in step)) return true;
  const event = step.send;
  const fields = before.prompt ? PROMPTS[before.prompt].variables.length : 0;
  if (event.type === 'variable.change') return (event.index as number) < fields;
  if (event.type === 'template.reset') return fields > 0;
  if (event.type === 'template.copy') return before.prompt !== null;
  return true;
};

// Left out as repetitive, to keep the file fast (the machine replays take every path of the model):
// paths longer than three steps, except for the copy's answer as a fourth step (the toast after
// typing, and the answer of a copy left behind); typing that changes nothing; the blocked clipboard
// once something was typed (its message does not depend on what was typed); and while copying,
// typing, Reset and Copy on the portrait (the lake shows them).
let fillerDepth = 0;
const fillerPaths = pagePaths(fillerModel, (step, before, after) => {
  if (!fillerCanTake(step, before)) return false;
  // the steps of a path are asked in order, each path from the model's start (where no step a
  // person can take leaves the model as it was)
  fillerDepth = before === fillerModel.initial ? 1 : fillerDepth + 1;
  if (fillerDepth > 4 || (fillerDepth === 4 && 'send' in step)) return false;
  if ('fail' in step && before.values.some((value) => value !== '')) return false;
  if ('send' in step && step.send.type !== 'template.load') {
    if (before.phase === 'editing' && JSON.stringify(after) === JSON.stringify(before)) return false;
    if (before.phase === 'copying' && before.prompt !== 'lake') return false;
  }
  return true;
});

describePagePaths(
  `templateFiller on the page against ${fillerModel.spec}`,
  fillerModel,
  fillerPaths,
  {
    start: async () => {
      const copy = controllable<[string], void>();
      const served: Record<number, PromptName> = { 7: 'lake', 8: 'portrait' };
      const getPrompt = vi.fn(async (slugId: string): Promise<PromptLookup> => {
        const id = Number(/(\d+)$/.exec(slugId)?.[1]);
        return served[id] ? { found: true, prompt: fillerPrompt(served[id]) } : { found: false };
      });
      // toasts stay until the model says time passed (it never does): no 2 s race
      const app = await startApp({ getPrompt, copyText: copy.fn }, new SimulatedClock());
      const serve = (name: PromptName) => void (served[PROMPTS[name].promptId] = name);
      return Object.assign(app, { copy, serve, getPrompt });
    },
    perform: performFiller,
    observe: observeFiller,
    shown: fillerShown,
    stop: (app) => app.system.stop(),
  },
  REPLAY_TIMEOUT,
);

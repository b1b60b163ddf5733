// templateFiller against its independent model (tests/models/spec/template-filler.ts): every path of
// the model replayed on the machine by the shared harness, observed through its selectors. The machine
// tells the toast queue by systemId, so it runs with the target's stand-in toast beside it, at its root,
// that writes down what it is told.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { templateFillerMachine } from '../../machines/catalog/template-filler.ts';
import * as view from '../../machines/catalog/template-filler.selectors.ts';
import { withListeners, type Heard } from '../support/spec-model.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { toastsHeard } from '../support/model-targets.ts';
import { PROMPTS, templateFillerSpec } from '../models/spec/template-filler.ts';

describeModel({
  walks: [walk('', templateFillerSpec())],
  target: () => ({
    machine: templateFillerMachine,
    effects: ['copyText'],
    listeners: ['toast'],
    observe: ({ snapshot, heard }) => {
      const s = snapshot as never;
      return {
        loaded: Object.fromEntries(
          Object.entries(PROMPTS).map(([k, p]) => [k, view.loadedFor(p.promptId, p.template)(s)]),
        ),
        variables: view.variables(s),
        values: view.values(s),
        text: view.text(s),
        copying: view.copying(s),
        examplesUsed: view.examplesUsed(s),
        copiedText: view.copiedText(s),
        toasts: toastsHeard(heard),
      };
    },
  }),
});

describe('templateFiller without its clipboard provided', () => {
  it('says copying is blocked', async () => {
    const heard: Heard[] = [];
    const actor = createActor(withListeners(templateFillerMachine, ['toast'], heard)).start();
    actor.send({ type: 'template.load', ...PROMPTS.lake });
    actor.send({ type: 'template.copy' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.map((h) => h.event.message)).toEqual([
      'Copying is blocked in this browser. Select the prompt text and copy it yourself.',
    ]);
    expect(view.copying(actor.getSnapshot() as never)).toBe(false);
    actor.stop();
  });
});

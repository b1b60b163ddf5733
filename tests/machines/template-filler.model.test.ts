// templateFiller against its independent model (tests/models/spec/template-filler.ts): every path of
// the model replayed on the machine, observed through its selectors. The machine tells the toast
// queue by systemId, so it runs with a stand-in toast beside it: the machine's own chart and
// implementations, plus, at its root, a `toast` actor that writes down what it is told.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { templateFillerMachine } from '../../machines/catalog/template-filler.ts';
import * as view from '../../machines/catalog/template-filler.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { PROMPTS, templateFillerSpec } from '../models/spec/template-filler.ts';

const withToast = (heard: AnyEventObject[]): AnyStateMachine => {
  const { config } = templateFillerMachine;
  const toast = fromCallback(({ receive }) => receive((event) => void heard.push(event)));
  return createMachine(
    { ...config, invoke: [{ src: toast, systemId: 'toast' }, ...[config.invoke ?? []].flat()] } as never,
    templateFillerMachine.implementations as never,
  ) as AnyStateMachine;
};

const model = templateFillerSpec();
describe(`templateFiller against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const heard: AnyEventObject[] = [];
      return replaySpecPath(
        model,
        {
          machine: withToast(heard),
          effects: ['copyText'],
          observe: ({ snapshot }) => {
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
              toasts: heard.map(({ type, kind, message }) =>
                type === 'toast.show' ? { kind, message } : { type },
              ),
            };
          },
        },
        path,
      );
    });
  }
});

describe('templateFiller without its clipboard provided', () => {
  it('says copying is blocked', async () => {
    const heard: AnyEventObject[] = [];
    const actor = createActor(withToast(heard)).start();
    actor.send({ type: 'template.load', ...PROMPTS.lake });
    actor.send({ type: 'template.copy' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.map((e) => e.message)).toEqual([
      'Copying is blocked in this browser. Select the prompt text and copy it yourself.',
    ]);
    expect(view.copying(actor.getSnapshot() as never)).toBe(false);
    actor.stop();
  });
});

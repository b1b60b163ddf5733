// share against its independent model (tests/models/spec/share.ts): every path of the model replayed
// on the machine. The machine tells the toast queue by systemId, so it runs with a stand-in toast
// beside it: the machine's own chart and implementations, plus, at its root, a `toast` actor that
// writes down what it is told.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import { shareMachine } from '../../machines/catalog/share.ts';
import * as view from '../../machines/catalog/share.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { shareSpec } from '../models/spec/share.ts';

/** The share machine's own chart and implementations, with a toast that records what it is told. */
const withToast = (heard: AnyEventObject[]): AnyStateMachine => {
  const { config } = shareMachine;
  const toast = fromCallback(({ receive }) => receive((event) => void heard.push(event)));
  return createMachine(
    { ...config, invoke: [{ src: toast, systemId: 'toast' }, ...[config.invoke ?? []].flat()] } as never,
    shareMachine.implementations as never,
  ) as AnyStateMachine;
};

const model = shareSpec();
describe(`share against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const heard: AnyEventObject[] = [];
      return replaySpecPath(
        model,
        {
          machine: withToast(heard),
          effects: ['createShareLink', 'copyText'],
          observe: ({ snapshot }) => ({
            busy: view.busy(snapshot as never),
            manualUrl: view.manualUrl(snapshot as never),
            toasts: heard.map(({ type, kind, message }) =>
              type === 'toast.show' ? { kind, message } : { type },
            ),
          }),
        },
        path,
      );
    });
  }
});

describe('share without its effects provided', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  it('a link that cannot be made says so; a clipboard that cannot copy shows the link', async () => {
    const heard: AnyEventObject[] = [];
    const bare = createActor(withToast(heard)).start();
    bare.send({ type: 'share.request', promptId: 7 });
    await flush();
    expect(heard.map((e) => e.message)).toEqual(['The share link could not be created. Please try again.']);
    expect(view.busy(bare.getSnapshot() as never)).toBe(false);
    bare.stop();

    const url = 'http://localhost:3000/s/Ab12Cd34';
    const noClipboard = createActor(
      withToast(heard).provide({ actors: { createShareLink: fromPromise(async () => ({ url })) } }),
    ).start();
    noClipboard.send({ type: 'share.request', promptId: 7 });
    await flush();
    await flush();
    expect(view.manualUrl(noClipboard.getSnapshot() as never)).toBe(url);
    expect(heard).toHaveLength(1);
    noClipboard.stop();
  });
});

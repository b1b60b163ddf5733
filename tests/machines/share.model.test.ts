// share against its independent model (tests/models/spec/share.ts): every path of the model replayed
// on the machine by the shared harness. The machine tells the toast queue by systemId, so it runs with
// the target's stand-in toast beside it, at its root, that writes down what it is told.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shareMachine } from '../../machines/catalog/share.ts';
import * as view from '../../machines/catalog/share.selectors.ts';
import { withListeners, type Heard } from '../support/spec-model.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { toastsHeard } from '../support/model-targets.ts';
import { shareSpec } from '../models/spec/share.ts';

describeModel({
  walks: [walk('', shareSpec())],
  target: () => ({
    machine: shareMachine,
    effects: ['createShareLink', 'copyText'],
    listeners: ['toast'],
    observe: ({ snapshot, heard }) => ({
      busy: view.busy(snapshot as never),
      manualUrl: view.manualUrl(snapshot as never),
      toasts: toastsHeard(heard),
    }),
  }),
});

describe('share without its effects provided', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  it('a link that cannot be made says so; a clipboard that cannot copy shows the link', async () => {
    const heard: Heard[] = [];
    const bare = createActor(withListeners(shareMachine, ['toast'], heard)).start();
    bare.send({ type: 'share.request', promptId: 7 });
    await flush();
    expect(heard.map((h) => h.event.message)).toEqual([
      'The share link could not be created. Please try again.',
    ]);
    expect(view.busy(bare.getSnapshot() as never)).toBe(false);
    bare.stop();

    const url = 'http://localhost:3000/s/Ab12Cd34';
    const noClipboard = createActor(
      withListeners(
        shareMachine.provide({ actors: { createShareLink: fromPromise(async () => ({ url })) } }),
        ['toast'],
        heard,
      ),
    ).start();
    noClipboard.send({ type: 'share.request', promptId: 7 });
    await flush();
    await flush();
    expect(view.manualUrl(noClipboard.getSnapshot() as never)).toBe(url);
    expect(heard).toHaveLength(1);
    noClipboard.stop();
  });
});

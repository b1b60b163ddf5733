// profile against its independent model (tests/models/spec/profile.ts): every path of each of the
// model's parts replayed on the machine. The machine tells the session (the header's name, avatar and
// balance) and the toasts by systemId, so it runs with two listeners beside it: the machine's own chart
// and implementations, plus, at its root, a `session` and a `toast` that write down what they hear.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import type { AnyActorRef } from 'xstate';
import { profileMachine } from '../../machines/account/profile.ts';
import * as view from '../../machines/account/profile.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { PROFILE, profileSpec, type ProfileFocus } from '../models/spec/profile.ts';
import { flushPromises } from '../support/model.ts';

/** An actor that writes down each event it hears, as a line. */
const listener = (heard: string[]) =>
  fromCallback(({ receive }) => {
    receive((event: AnyEventObject) => {
      const { type, ...rest } = event;
      heard.push([type, ...Object.values(rest)].join(' '));
    });
  });

/** The machine's own chart and implementations, with the `session` and `toast` listeners in its system. */
const withListeners = (heard: string[]): AnyStateMachine =>
  createMachine(
    {
      ...profileMachine.config,
      invoke: [
        { src: listener(heard), systemId: 'session' },
        { src: listener(heard), systemId: 'toast' },
      ],
    } as never,
    profileMachine.implementations as never,
  ) as AnyStateMachine;

type Snapshot = Parameters<typeof view.status>[0];

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = ['fetchProfile', 'saveName', 'uploadAvatar', 'generateAvatar', 'copyText'];

for (const focus of ['load', 'name', 'avatar'] as ProfileFocus[]) {
  const model = profileSpec(focus);
  describe(`profile against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () => {
        const heard: string[] = [];
        return replaySpecPath(
          model,
          {
            machine: withListeners(heard),
            effects: EFFECTS,
            observe: ({ snapshot }) => {
              const s = snapshot as Snapshot;
              return {
                // the effects under way, by the name the machine gives them
                running: Object.entries(snapshot.children as Record<string, AnyActorRef>)
                  .filter(([, child]) => EFFECTS.includes(child.src as string))
                  .map(([id]) => id)
                  .sort(),
                status: view.status(s),
                error: view.error(s),
                profile: view.profile(s),
                busy: view.busy(s),
                uploading: view.uploading(s),
                generating: view.generating(s),
                nameDraft: view.nameDraft(s),
                nameError: view.nameError(s),
                savingName: view.savingName(s),
                avatarError: view.avatarError(s),
                copying: view.copying(s),
                heard: [...heard],
              };
            },
          },
          path,
        );
      });
    }
  });
}

// An effect the app did not provide fails, saying which: the page shows that as it shows any failure.
describe('profile without its effects provided', () => {
  const loaded = { fetchProfile: fromPromise(async () => PROFILE) };
  const run = async (provided: Record<string, unknown>, events: AnyEventObject[]) => {
    const heard: string[] = [];
    const actor = createActor(withListeners(heard).provide({ actors: provided as never })).start();
    for (const event of events) {
      actor.send(event);
      await flushPromises();
    }
    const s = actor.getSnapshot() as Snapshot;
    actor.stop();
    return { error: view.error(s), nameError: view.nameError(s), avatarError: view.avatarError(s), heard };
  };
  const load = { type: 'profile.load' };
  it('fetchProfile', async () => {
    expect((await run({}, [load])).error).toBe('fetchProfile must be provided');
  });
  it('saveName', async () => {
    const { nameError } = await run(loaded, [
      load,
      { type: 'profile.nameChanged', value: 'Mina K' },
      { type: 'profile.saveName' },
    ]);
    expect(nameError).toBe('saveName must be provided');
  });
  it('uploadAvatar', async () => {
    const file = { name: 'me.png', type: 'image/png', size: 100 };
    const { avatarError } = await run(loaded, [load, { type: 'profile.avatarChosen', file }]);
    expect(avatarError).toBe('uploadAvatar must be provided');
  });
  it('generateAvatar', async () => {
    const { avatarError } = await run(loaded, [load, { type: 'profile.generateAvatar' }]);
    expect(avatarError).toBe('generateAvatar must be provided');
  });
  it('copyText', async () => {
    const { heard } = await run(loaded, [load, { type: 'profile.copyReferral' }]);
    expect(heard.at(-1)).toBe(
      'toast.show error Your browser did not let us copy. Select the link and copy it yourself.',
    );
  });
});

// profile against its independent model (tests/models/spec/profile.ts): every path of each of the
// model's parts replayed on the machine by the shared harness. The machine tells the session (the
// header's name, avatar and balance) and the toasts by systemId, so it runs with the target's two
// listeners beside it, at its root, a `session` and a `toast` that write down what they hear.
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { profileMachine } from '../../machines/account/profile.ts';
import * as view from '../../machines/account/profile.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { heardLines, running, runWithout } from '../support/model-targets.ts';
import { PROFILE, profileSpec, type ProfileFocus } from '../models/spec/profile.ts';

type Snapshot = Parameters<typeof view.status>[0];

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = ['fetchProfile', 'saveName', 'uploadAvatar', 'generateAvatar', 'copyText'];
const LISTENERS = ['session', 'toast'];

describeModel({
  walks: (['load', 'name', 'avatar'] as ProfileFocus[]).map((focus) => walk(focus, profileSpec(focus))),
  target: () => ({
    machine: profileMachine,
    effects: EFFECTS,
    listeners: LISTENERS,
    observe: ({ snapshot, heard }) => {
      const s = snapshot as Snapshot;
      return {
        running: running(snapshot, EFFECTS),
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
        heard: heardLines(heard),
      };
    },
  }),
});

// An effect the app did not provide fails, saying which: the page shows that as it shows any failure.
describe('profile without its effects provided', () => {
  const loaded = { fetchProfile: fromPromise(async () => PROFILE) };
  const run = async (provided: Record<string, unknown>, events: AnyEventObject[]) => {
    const { snapshot, heard } = await runWithout(profileMachine, events, { provided, listeners: LISTENERS });
    const s = snapshot as Snapshot;
    return {
      error: view.error(s),
      nameError: view.nameError(s),
      avatarError: view.avatarError(s),
      heard: heardLines(heard),
    };
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

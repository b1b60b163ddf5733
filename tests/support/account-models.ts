// The profile and settings machines' models (sample events and state serializations), shared by
// their replays on live actors (tests/machines/account-flows.test.ts) and on the rendered pages
// (tests/views/account.model.test.tsx), so both walk the same paths.
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { AVATAR_LIMITS, type AccountSettings, type Profile } from '../../domain/account.ts';
import {
  nameEdited,
  nameProblem,
  profileMachine,
  type ProfileContext,
} from '../../machines/account/profile.ts';
import {
  settingsMachine,
  validatePasswordChange,
  type PasswordAnswer,
  type SettingsContext,
} from '../../machines/account/settings.ts';
import { isStrongPassword } from '../../domain/validation.ts';
import { profileFixture } from './fake-effects.ts';
import {
  fail,
  modelPaths,
  OFFLINE,
  stateKey,
  stateKey as value,
  stepLabel,
  type ModelPath,
  type PathModel,
} from './model.ts';

export type AccountModel = PathModel;

export { OFFLINE };

// ---------------------------------------------------------------------------------------------
// profile

export const memberProfile: Profile = profileFixture({
  name: 'Mina Member',
  email: 'mina@example.com',
  fruitCnt: 650,
  purchases: 4,
  referralUrl: 'http://localhost/s/mina-ref',
});
export const guestProfile: Profile = profileFixture({
  memberId: 'u-1',
  name: 'Guest 4821',
  email: null,
  provider: 'guest',
  fruitCnt: 650,
  purchases: 0,
  referralUrl: 'http://localhost/s/guest-ref',
});
export const NEW_NAME = 'Mina Ray';
export const UPLOADED_AVATAR = '/api/avatars/u-1.webp?v=2';
export const GENERATED_AVATAR = '/api/avatars/u-1.webp?v=3';

/** A file that names itself in JSON (path descriptions, the graph's event keys): a `File` says `{}`. */
class SampleFile extends File {
  toJSON() {
    return { name: this.name, type: this.type, size: this.size };
  }
}
export const pngFile = (bytes = 1024, name = 'me.png'): File =>
  new SampleFile([new Uint8Array(bytes)], name, { type: 'image/png' });
export const pdfFile = (): File =>
  new SampleFile([new Uint8Array(64)], 'cv.pdf', { type: 'application/pdf' });
export const hugePng = () => pngFile(AVATAR_LIMITS.maxBytes + 1, 'huge.png');

/** How far the typed name is from the saved one: the same, a valid change, or one with a problem. */
const draftOf = (c: ProfileContext): string =>
  !c.profile ? '-' : !nameEdited(c) ? 'same' : nameProblem(c.nameDraft) ? 'bad' : 'ok';

export const profileModel: AccountModel = {
  machine: profileMachine,
  actors: ['fetchProfile', 'saveName', 'uploadAvatar', 'generateAvatar', 'copyText'],
  samples: {
    'profile.nameChanged': [
      { type: 'profile.nameChanged', value: NEW_NAME },
      { type: 'profile.nameChanged', value: '   ' },
    ],
    'profile.avatarChosen': [
      { type: 'profile.avatarChosen', file: pngFile() },
      { type: 'profile.avatarChosen', file: pdfFile() },
      { type: 'profile.avatarChosen', file: hugePng() },
    ],
    'xstate.done.actor.fetchProfile': [
      { type: 'xstate.done.actor.fetchProfile', output: memberProfile },
      { type: 'xstate.done.actor.fetchProfile', output: guestProfile },
    ],
    'xstate.error.actor.fetchProfile': [{ type: 'xstate.error.actor.fetchProfile', error: fail(OFFLINE) }],
    'xstate.done.actor.saveName': [
      { type: 'xstate.done.actor.saveName', output: { ...memberProfile, name: NEW_NAME } },
    ],
    'xstate.error.actor.saveName': [
      { type: 'xstate.error.actor.saveName', error: fail('That name is not allowed.') },
    ],
    'xstate.done.actor.uploadAvatar': [
      { type: 'xstate.done.actor.uploadAvatar', output: { ...memberProfile, avatarUrl: UPLOADED_AVATAR } },
    ],
    'xstate.error.actor.uploadAvatar': [
      { type: 'xstate.error.actor.uploadAvatar', error: fail('This file is not a picture we can use.') },
    ],
    'xstate.done.actor.generateAvatar': [
      { type: 'xstate.done.actor.generateAvatar', output: { ...memberProfile, avatarUrl: GENERATED_AVATAR } },
    ],
    'xstate.error.actor.generateAvatar': [
      { type: 'xstate.error.actor.generateAvatar', error: fail(OFFLINE) },
    ],
    'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText', output: undefined }],
    'xstate.error.actor.copyText': [{ type: 'xstate.error.actor.copyText', error: fail('Not allowed') }],
  },
  serialize: (s) => {
    const c = s.context as ProfileContext;
    if (!s.matches({ ready: 'viewing' })) return `${value(s)} ${draftOf(c)}`;
    return `${value(s)} ${draftOf(c)} ${c.nameError ? 'n' : ''} ${c.avatarError ? 'a' : ''}`;
  },
  // a chosen file is compared by its name and size
  observe: ({ file, ...rest }: ProfileContext) => ({
    ...rest,
    file: file ? { size: file.size, type: file.type } : null,
  }),
  maxSteps: 10,
};

// ---------------------------------------------------------------------------------------------
// settings

export const withPassword: AccountSettings = {
  notifications: { orderUpdates: true, supportReplies: true, promotions: false },
  hasPassword: true,
  provider: 'email',
};
export const googleSettings: AccountSettings = {
  notifications: { orderUpdates: false, supportReplies: true, promotions: false },
  hasPassword: false,
  provider: 'google',
};
export const REMEMBERED = 'mina@example.com';
export const CURRENT = 'OldPass1!';
export const NEXT = 'NewPass1!';
export const NEW_TOKEN = 'n.e.w';

/** The password form by what is filled: current, new (weak or strong), confirmation matching. */
const formOf = (c: SettingsContext): string => {
  const f = c.form;
  const next = !f.newPassword ? '' : isStrongPassword(f.newPassword) ? 'N' : 'w';
  const match = f.newPassword && f.confirmPassword === f.newPassword ? 'm' : '';
  return `${f.currentPassword ? 'c' : ''}${next}${match}`;
};

export const settingsModel: AccountModel = {
  machine: settingsMachine,
  actors: ['fetchSettings', 'changePassword', 'saveNotifications', 'signOutEverywhere', 'deleteAccount'],
  samples: {
    'settings.load': [
      { type: 'settings.load', rememberedEmail: REMEMBERED },
      { type: 'settings.load', rememberedEmail: null },
    ],
    'settings.passwordChanged': [
      { type: 'settings.passwordChanged', field: 'currentPassword', value: CURRENT },
      { type: 'settings.passwordChanged', field: 'newPassword', value: NEXT },
      { type: 'settings.passwordChanged', field: 'confirmPassword', value: NEXT },
      { type: 'settings.passwordChanged', field: 'newPassword', value: 'password' },
    ],
    'settings.toggle': [
      { type: 'settings.toggle', key: 'promotions', on: true },
      { type: 'settings.toggle', key: 'orderUpdates', on: false },
    ],
    'settings.deleteTextChanged': [
      { type: 'settings.deleteTextChanged', value: 'DELETE' },
      { type: 'settings.deleteTextChanged', value: 'delete' },
    ],
    'xstate.done.actor.fetchSettings': [
      { type: 'xstate.done.actor.fetchSettings', output: withPassword },
      { type: 'xstate.done.actor.fetchSettings', output: googleSettings },
    ],
    'xstate.error.actor.fetchSettings': [{ type: 'xstate.error.actor.fetchSettings', error: fail(OFFLINE) }],
    'xstate.done.actor.changePassword': [
      {
        type: 'xstate.done.actor.changePassword',
        output: { ok: true, token: NEW_TOKEN } satisfies PasswordAnswer,
      },
      {
        type: 'xstate.done.actor.changePassword',
        output: {
          ok: false,
          reason: 'wrongCurrent',
          message: 'The current password is not correct.',
        } satisfies PasswordAnswer,
      },
      {
        type: 'xstate.done.actor.changePassword',
        output: {
          ok: false,
          reason: 'rule',
          message:
            'Password must be at least 8 characters and include uppercase, lowercase, number, and special character',
        } satisfies PasswordAnswer,
      },
      {
        type: 'xstate.done.actor.changePassword',
        output: {
          ok: false,
          reason: 'noPassword',
          message: 'This account signs in without a password.',
        } satisfies PasswordAnswer,
      },
    ],
    'xstate.error.actor.changePassword': [
      { type: 'xstate.error.actor.changePassword', error: fail(OFFLINE) },
    ],
    'xstate.done.actor.saveNotifications': [
      {
        type: 'xstate.done.actor.saveNotifications',
        output: { ...withPassword, notifications: { ...withPassword.notifications, promotions: true } },
      },
    ],
    'xstate.error.actor.saveNotifications': [
      { type: 'xstate.error.actor.saveNotifications', error: fail(OFFLINE) },
    ],
    'xstate.done.actor.signOutEverywhere': [
      { type: 'xstate.done.actor.signOutEverywhere', output: undefined },
    ],
    'xstate.error.actor.signOutEverywhere': [
      { type: 'xstate.error.actor.signOutEverywhere', error: fail(OFFLINE) },
    ],
    'xstate.done.actor.deleteAccount': [{ type: 'xstate.done.actor.deleteAccount', output: undefined }],
    'xstate.error.actor.deleteAccount': [{ type: 'xstate.error.actor.deleteAccount', error: fail(OFFLINE) }],
  },
  serialize: (s) => {
    const c = s.context as SettingsContext;
    if (s.matches({ ready: 'editing' })) {
      const prefs = Object.values(c.settings?.notifications ?? {})
        .map((on) => (on ? 1 : 0))
        .join('');
      return `${value(s)} ${c.settings?.hasPassword ? 'p' : ''} ${formOf(c)} ${prefs} ${c.rememberedEmail ? 'r' : ''}`;
    }
    if (s.matches({ ready: 'confirmingDelete' }))
      return `${value(s)} ${c.deleteText === 'DELETE' ? 'D' : c.deleteText ? 'd' : ''} ${c.dialogError ? 'e' : ''}`;
    return `${value(s)} ${s.matches({ ready: 'confirmingSignOut' }) && c.dialogError ? 'e' : ''}`;
  },
  observe: (c: SettingsContext) => c,
  maxSteps: 12,
};

/** The password form is ready to send. */
export const formReady = (c: SettingsContext): boolean =>
  Object.keys(validatePasswordChange(c.form)).length === 0;

export const accountModels: AccountModel[] = [profileModel, settingsModel];

/**
 * A path's expected snapshots computed again from its own events. The serializations above keep
 * only what decides which events are enabled (so the graph stays small); the snapshot the graph
 * keeps for a serialized state may come from another history (another name typed, another
 * switch saved). Replays compare against what these very events lead to.
 */
export function exactPath(machine: AnyStateMachine, path: ModelPath): ModelPath {
  let snapshot = getInitialSnapshot(machine) as AnyMachineSnapshot;
  const steps = path.steps.map((step) => {
    if (step.event.type !== 'xstate.init') snapshot = getNextSnapshot(machine, snapshot, step.event);
    if (stateKey(snapshot) !== stateKey(step.state))
      throw new Error(`${path.description}: ${step.event.type} leads to ${stateKey(snapshot)}`);
    return { event: step.event, state: snapshot };
  });
  return { ...path, steps, state: snapshot };
}

/** The model's paths up to `maxSteps`, each with its exact expected snapshots. */
export const accountPaths = (model: AccountModel, machine = model.machine, maxSteps = model.maxSteps) =>
  modelPaths(machine, { samples: model.samples, serializeState: model.serialize })
    .filter((p) => p.steps.length <= maxSteps)
    .map((p) => exactPath(machine, p));

/**
 * For the rendered pages, where every path costs a whole app: the longest paths first, each kept
 * only if it takes a step (state, event with its sample, next state) no kept path took, so every
 * transition the model takes is still replayed on the page at least once. `stopAt` state values
 * end a path on the page (the session is gone), so paths going on from them are left out.
 */
export function coveringPaths(paths: ModelPath[], stopAt: string[] = []): ModelPath[] {
  const ended = (p: ModelPath) =>
    p.steps.slice(0, -1).some((s) => stopAt.includes(JSON.stringify(s.state.value)));
  const candidates = paths
    .filter((p) => !ended(p))
    .filter(
      (p) => !paths.some((q) => q !== p && !ended(q) && q.description.startsWith(`${p.description} · `)),
    )
    .sort((a, b) => b.steps.length - a.steps.length);
  const taken = new Set<string>();
  const kept: ModelPath[] = [];
  for (const p of candidates) {
    const edges = p.steps
      .slice(1)
      .map((s, i) => `${stateKey(p.steps[i]!.state)} ${stepLabel(s.event)} ${stateKey(s.state)}`);
    if (edges.every((e) => taken.has(e))) continue;
    edges.forEach((e) => taken.add(e));
    kept.push(p);
  }
  return kept;
}

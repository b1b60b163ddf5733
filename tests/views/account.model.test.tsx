// The profile and settings machines' model paths (tests/support/account-models.ts, the ones
// replayed on live actors) replayed against the rendered app with a member signed in. Each step
// becomes what a person does (opening /profile or /settings, typing, clicking by role and name) or
// the settling of a fake API call, and after every step the page must show what the path's
// expected state holds. A covering set of paths is replayed: every step the model takes, each at
// least once (see `coveringPaths`).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AccountSettings, NotificationPrefs, Profile } from '../../domain/account.ts';
import { PROFILE_MESSAGES, type ProfileContext } from '../../machines/account/profile.ts';
import type { Restored } from '../../machines/auth/session.ts';
import {
  SETTINGS_MESSAGES,
  type PasswordAnswer,
  type SettingsContext,
} from '../../machines/account/settings.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { coinsText } from '../../src/commerce/history-parts.tsx';
import { PROFILE_TEXTS } from '../../src/account/profile-page.tsx';
import { NOTIFICATION_LABELS, noPasswordText, SETTINGS_TEXTS } from '../../src/account/settings-page.tsx';
import {
  accountPaths,
  coveringPaths,
  NEW_TOKEN,
  profileModel,
  settingsModel,
} from '../support/account-models.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import { controlledActors } from '../support/model.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import {
  open,
  resolveLatest,
  rejectLatest,
  region,
  type Fake,
  expectLoadFailed,
  expectLoading,
} from './support/replay.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const MEMBER = { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 650 };

/** The app on a page with no account machine, a member already signed in (restored at start). */
async function startApp(effects: Partial<AppEffects>) {
  const base = fakeEffects({
    fetchCart: async () => ({ ...emptyCart(), balance: MEMBER.fruitCnt }),
    ...effects,
  });
  const restored: Restored = { status: 'valid', token: 'a.b.c', socialLogin: false, user: MEMBER };
  const app = await renderApp(
    '/terms',
    {},
    {
      effects: base,
      restored,
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  await screen.findByRole('link', { name: `FruitCoin balance: ${MEMBER.fruitCnt}` });
  // file inputs take any file here: the machine's own check is what is replayed
  return { ...app, files: userEvent.setup({ applyAccept: false }) };
}

type App = Awaited<ReturnType<typeof startApp>>;

const apiError = (error: unknown, status = 0) => new ApiError((error as Error).message, status);

async function retype(app: App, field: HTMLElement, value: string) {
  await app.user.clear(field);
  if (value) await app.user.type(field, value);
}

const header = () => within(screen.getByRole('banner'));
const toastTexts = () =>
  Array.from(screen.getByRole('region', { name: 'Notifications' }).querySelectorAll('.toast__message')).map(
    (p) => p.textContent,
  );

/** Buttons stay focusable while something is under way: aria-disabled, not disabled. */
function expectBusyButton(button: HTMLElement, busy: boolean) {
  if (busy) expect(button).toHaveAttribute('aria-disabled', 'true');
  else expect(button).not.toHaveAttribute('aria-disabled');
}

// ---------------------------------------------------------------------------------------------
// profile: /profile

interface ProfileFakes {
  fetchProfile: Fake<[], Profile>;
  saveName: Fake<[{ name: string }], Profile>;
  uploadAvatar: Fake<[{ file: Blob }], Profile>;
  generateAvatar: Fake<[], Profile>;
  copyText: Fake<[string], void>;
}

async function performProfile(app: App, fakes: ProfileFakes, event: AnyEventObject) {
  const section = () => within(region('Your profile')!);
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'profile.load':
      return open(app, '/profile');
    case 'profile.retry':
      return app.user.click(section().getByRole('button', { name: 'Try again' }));
    case 'profile.nameChanged':
      return retype(app, section().getByRole('textbox', { name: 'Display name' }), event.value as string);
    case 'profile.saveName':
      return app.user.click(section().getByRole('button', { name: 'Save name' }));
    case 'profile.avatarChosen':
      return app.files.upload(section().getByLabelText('Upload a photo'), event.file as File);
    case 'profile.generateAvatar':
      return app.user.click(section().getByRole('button', { name: 'Use a generated avatar' }));
    case 'profile.copyReferral':
      return app.user.click(section().getByRole('button', { name: 'Copy link' }));
    default: {
      const done = event.type.startsWith('xstate.done.actor.');
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '') as keyof ProfileFakes;
      const fake = fakes[id] as Fake<unknown[], unknown>;
      if (!fake) throw new Error(`No user action for ${event.type}`);
      return done ? resolveLatest(fake, event.output) : rejectLatest(fake, apiError(event.error));
    }
  }
}

function expectProfileShows(
  expected: AnyMachineSnapshot,
  event: AnyEventObject,
  session: { name: string; avatar: string },
) {
  const context = expected.context as ProfileContext;
  const section = region('Your profile');
  const account = header().getByRole('button', { name: `Account menu for ${session.name}` });
  expect(account.querySelector('img')).toHaveAttribute('src', session.avatar);
  expect(header().getByRole('link', { name: `FruitCoin balance: ${MEMBER.fruitCnt}` })).toBeInTheDocument();
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading your profile…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  const profile = context.profile!;
  const busy = expected.hasTag('busy');

  const summary = inside.getByRole('article', { name: profile.name });
  expect(within(summary).getByText(coinsText(profile.fruitCnt), { selector: 'strong' })).toBeInTheDocument();
  expect(summary).toHaveTextContent(`Email${profile.email ?? PROFILE_TEXTS.noEmail}`);
  expect(summary).toHaveTextContent(`Purchases${profile.purchases}`);
  expect(summary).toHaveTextContent('Member sinceNov 3, 2025');

  const avatar = within(inside.getByRole('region', { name: 'Avatar' }));
  expect(avatar.getByRole('img', { name: 'Your current avatar' })).toHaveAttribute('src', profile.avatarUrl);
  const picker = avatar.getByLabelText('Upload a photo');
  expect(picker).toHaveProperty('disabled', busy);
  expect(picker).toHaveAttribute('aria-invalid', String(Boolean(context.avatarError)));
  if (context.avatarError) {
    expect(avatar.getByRole('alert')).toHaveTextContent(context.avatarError);
    expect(picker).toHaveAccessibleDescription(`${PROFILE_TEXTS.avatarHint} ${context.avatarError}`);
  } else expect(avatar.queryByRole('alert')).toBeNull();
  if (expected.matches({ ready: 'uploadingAvatar' })) {
    expect(avatar.getByRole('progressbar', { name: 'Uploading your avatar' })).toBeInTheDocument();
    expect(avatar.getByRole('status')).toHaveTextContent(PROFILE_TEXTS.uploading);
  } else expect(avatar.queryByRole('progressbar')).toBeNull();
  const generating = expected.matches({ ready: 'generatingAvatar' });
  expectBusyButton(
    avatar.getByRole('button', { name: generating ? 'Generating…' : 'Use a generated avatar' }),
    busy,
  );

  const name = within(inside.getByRole('form', { name: 'Display name' }));
  const field = name.getByRole('textbox', { name: 'Display name' });
  expect(field).toHaveValue(context.nameDraft);
  expect(field).toHaveProperty('readOnly', busy);
  expect(field).toHaveAttribute('aria-invalid', String(Boolean(context.nameError)));
  if (context.nameError)
    expect(field).toHaveAccessibleDescription(`${PROFILE_TEXTS.nameHint} ${context.nameError}`);
  const saving = expected.matches({ ready: 'savingName' });
  expectBusyButton(name.getByRole('button', { name: saving ? 'Saving…' : 'Save name' }), busy);

  const referral = within(inside.getByRole('region', { name: 'Referral link' }));
  expect(referral.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(profile.referralUrl);
  const copying = expected.matches({ ready: 'copyingLink' });
  expectBusyButton(referral.getByRole('button', { name: copying ? 'Copying…' : 'Copy link' }), busy);

  const said: Record<string, string> = {
    'xstate.done.actor.saveName': PROFILE_MESSAGES.nameSaved,
    'xstate.done.actor.uploadAvatar': PROFILE_MESSAGES.avatarSaved,
    'xstate.done.actor.generateAvatar': PROFILE_MESSAGES.generatedSaved,
    'xstate.done.actor.copyText': PROFILE_MESSAGES.copied,
    'xstate.error.actor.copyText': PROFILE_MESSAGES.copyFailed,
  };
  if (said[event.type]) expect(toastTexts()).toContain(said[event.type]);
}

describe('profile: model paths replayed on /profile', () => {
  const paths = coveringPaths(
    accountPaths(
      profileModel,
      profileModel.machine.provide({ actors: controlledActors(profileModel.actors).actors as never }),
    ),
  );
  for (const path of paths) {
    it(path.description, async () => {
      const fakes: ProfileFakes = {
        fetchProfile: controllable(),
        saveName: controllable(),
        uploadAvatar: controllable(),
        generateAvatar: controllable(),
        copyText: controllable(),
      };
      const app = await startApp({
        fetchProfile: fakes.fetchProfile.fn,
        saveName: fakes.saveName.fn,
        uploadAvatar: fakes.uploadAvatar.fn,
        generateAvatar: fakes.generateAvatar.fn,
        copyText: fakes.copyText.fn,
      });
      // the header follows what the profile saved
      const session = { name: MEMBER.name, avatar: MEMBER.avatar };
      for (const step of path.steps) {
        await performProfile(app, fakes, step.event);
        const output = (step.event as { output?: Profile }).output;
        if (step.event.type === 'xstate.done.actor.saveName') session.name = output!.name;
        if (
          step.event.type === 'xstate.done.actor.uploadAvatar' ||
          step.event.type === 'xstate.done.actor.generateAvatar'
        )
          session.avatar = output!.avatarUrl;
        expectProfileShows(step.state, step.event, session);
      }
      // what was sent: the name trimmed, the file as chosen, the referral link
      for (const call of fakes.saveName.fn.mock.calls) expect(call[0]).toEqual({ name: 'Mina Ray' });
      const chosen = path.steps
        .filter((s) => s.event.type === 'profile.avatarChosen')
        .map((s) => s.event.file);
      for (const call of fakes.uploadAvatar.fn.mock.calls) expect(chosen).toContain(call[0].file);
      for (const call of fakes.copyText.fn.mock.calls) expect(call[0]).toMatch(/^http:\/\/localhost\/s\//);
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// settings: /settings

interface SettingsFakes {
  fetchSettings: Fake<[], AccountSettings>;
  changePassword: Fake<[{ currentPassword: string; newPassword: string }], { token: string }>;
  saveNotifications: Fake<[Partial<NotificationPrefs>], AccountSettings>;
  signOutEverywhere: Fake<[], void>;
  deleteAccount: Fake<[{ confirm: string }], void>;
}

const REFUSAL_STATUS = { wrongCurrent: 403, rule: 400, noPassword: 409 } as const;
const FIELD_LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
} as const;

async function performSettings(
  app: App,
  fakes: SettingsFakes,
  event: AnyEventObject,
  expected: AnyMachineSnapshot,
) {
  const section = () => within(region('Account settings')!);
  const dialog = () => within(screen.getByRole('dialog'));
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'settings.load':
      if (event.rememberedEmail) localStorage.setItem('remember_email', event.rememberedEmail as string);
      else localStorage.removeItem('remember_email');
      return open(app, '/settings');
    case 'settings.retry':
      return app.user.click(section().getByRole('button', { name: 'Try again' }));
    case 'settings.passwordChanged':
      return retype(
        app,
        section().getByLabelText(FIELD_LABELS[event.field as keyof typeof FIELD_LABELS]),
        event.value as string,
      );
    case 'settings.changePassword': {
      const button = section().queryByRole('button', { name: 'Change password' });
      // an account without a password has no form to send: nothing happens
      if (!button) {
        expect((expected.context as SettingsContext).settings?.hasPassword).toBe(false);
        return;
      }
      return app.user.click(button);
    }
    case 'settings.toggle':
      return app.user.click(
        section().getByRole('switch', {
          name: NOTIFICATION_LABELS[event.key as keyof NotificationPrefs].label,
        }),
      );
    case 'settings.forgetEmail':
      return app.user.click(section().getByRole('button', { name: 'Forget my email on this device' }));
    case 'settings.signOutEverywhere':
      return app.user.click(
        within(section().getByRole('region', { name: 'Sign out everywhere' })).getByRole('button', {
          name: 'Sign out everywhere',
        }),
      );
    case 'settings.signOutConfirm':
      return app.user.click(dialog().getByRole('button', { name: 'Sign out everywhere' }));
    case 'settings.deleteAccount':
      return app.user.click(section().getByRole('button', { name: 'Delete account' }));
    case 'settings.deleteTextChanged':
      return retype(
        app,
        dialog().getByRole('textbox', { name: SETTINGS_TEXTS.deleteLabel }),
        event.value as string,
      );
    case 'settings.deleteConfirm':
      return app.user.click(dialog().getByRole('button', { name: 'Delete my account' }));
    case 'settings.cancel':
      return app.user.click(dialog().getByRole('button', { name: 'Cancel' }));
    case 'xstate.done.actor.changePassword': {
      const answer = event.output as PasswordAnswer;
      if (answer.ok) return resolveLatest(fakes.changePassword, { token: answer.token });
      return rejectLatest(fakes.changePassword, new ApiError(answer.message, REFUSAL_STATUS[answer.reason]));
    }
    default: {
      const done = event.type.startsWith('xstate.done.actor.');
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '') as keyof SettingsFakes;
      const fake = fakes[id] as Fake<unknown[], unknown>;
      if (!fake) throw new Error(`No user action for ${event.type}`);
      return done ? resolveLatest(fake, event.output) : rejectLatest(fake, apiError(event.error));
    }
  }
}

async function expectSettingsShow(app: App, expected: AnyMachineSnapshot, event: AnyEventObject) {
  const context = expected.context as SettingsContext;
  const section = region('Account settings');
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.matches('signedOut')) {
    // the session logs out (the server's logout settles on its own): the signed-out view
    expect(
      await screen.findByRole('heading', { name: 'Log in to change your settings' }),
    ).toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(toastTexts()).toContain('You have been successfully logged out');
    return;
  }
  if (expected.matches('deleted')) {
    expect(await header().findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/');
    expect(toastTexts()).toContain(SETTINGS_MESSAGES.deleted);
    expect(toastTexts()).not.toContain('You have been successfully logged out');
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading your settings…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  const settings = context.settings!;
  const busy = expected.hasTag('busy');

  const password = within(inside.getByRole('region', { name: 'Password' }));
  if (!settings.hasPassword) {
    expect(password.queryByRole('form')).toBeNull();
    expect(password.getByText(noPasswordText(settings.provider))).toBeInTheDocument();
  } else {
    const form = within(password.getByRole('form', { name: 'Change password' }));
    for (const [field, label] of Object.entries(FIELD_LABELS) as [keyof typeof FIELD_LABELS, string][]) {
      const input = form.getByLabelText(label);
      expect(input).toHaveValue(context.form[field]);
      const error = context.passwordErrors[field];
      expect(input).toHaveAttribute('aria-invalid', String(Boolean(error)));
      if (error) expect(input).toHaveAccessibleDescription(expect.stringContaining(error));
    }
    const saving = expected.matches({ ready: 'changingPassword' });
    expectBusyButton(form.getByRole('button', { name: saving ? 'Changing…' : 'Change password' }), busy);
    if (context.passwordChanged)
      expect(form.getByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.passwordChanged);
    else expect(form.getByRole('status')).not.toHaveTextContent(SETTINGS_MESSAGES.passwordChanged);
    if (context.passwordFailure) expect(form.getByRole('alert')).toHaveTextContent(context.passwordFailure);
    else expect(form.queryByRole('alert')).toBeNull();
  }
  if (event.type === 'xstate.done.actor.changePassword' && (event.output as PasswordAnswer).ok)
    expect(systemActor(app.system, 'session').getSnapshot().context.token).toBe(NEW_TOKEN);

  const notifications = within(inside.getByRole('region', { name: 'Email notifications' }));
  for (const [key, { label }] of Object.entries(NOTIFICATION_LABELS) as [
    keyof NotificationPrefs,
    { label: string },
  ][]) {
    const toggle = notifications.getByRole('switch', { name: label });
    expect(toggle).toHaveProperty('checked', settings.notifications[key]);
    expectBusyButton(toggle, busy);
  }
  if (context.prefsError)
    expect(notifications.getByRole('alert')).toHaveTextContent(
      `${context.prefsError} ${SETTINGS_TEXTS.rolledBack}`,
    );
  else expect(notifications.queryByRole('alert')).toBeNull();
  if (expected.matches({ ready: 'savingPrefs' }))
    expect(notifications.getByRole('status')).toHaveTextContent('Saving your email preferences…');
  if (event.type === 'xstate.done.actor.saveNotifications')
    expect(toastTexts()).toContain(SETTINGS_MESSAGES.prefsSaved);

  const device = within(inside.getByRole('region', { name: 'This device' }));
  const forget = device.getByRole('button', { name: 'Forget my email on this device' });
  if (context.rememberedEmail) {
    expect(forget).toBeEnabled();
    expect(forget).toHaveAccessibleDescription(SETTINGS_TEXTS.remembered(context.rememberedEmail));
    expect(localStorage.getItem('remember_email')).toBe(context.rememberedEmail);
  } else {
    expect(forget).toBeDisabled();
    expect(forget).toHaveAccessibleDescription(SETTINGS_TEXTS.notRemembered);
    expect(localStorage.getItem('remember_email')).toBeNull();
  }
  if (event.type === 'settings.forgetEmail') expect(toastTexts()).toContain(SETTINGS_MESSAGES.emailForgotten);

  const dialog = screen.queryByRole('dialog');
  if (!expected.hasTag('dialog')) {
    expect(dialog).toBeNull();
    return;
  }
  const inDialog = within(dialog!);
  if (expected.matches({ ready: 'confirmingSignOut' }) || expected.matches({ ready: 'signingOut' })) {
    expect(dialog).toHaveAccessibleName(SETTINGS_TEXTS.signOutTitle);
    expectBusyButton(
      inDialog.getByRole('button', { name: busy ? 'Signing out…' : 'Sign out everywhere' }),
      busy,
    );
  } else {
    expect(dialog).toHaveAccessibleName(SETTINGS_TEXTS.deleteTitle);
    expect(inDialog.getByRole('textbox', { name: SETTINGS_TEXTS.deleteLabel })).toHaveValue(
      context.deleteText,
    );
    const confirm = inDialog.getByRole('button', { name: busy ? 'Deleting…' : 'Delete my account' });
    if (context.deleteText === 'DELETE') expect(confirm).toBeEnabled();
    else expect(confirm).toBeDisabled();
    expectBusyButton(confirm, busy);
  }
  expectBusyButton(inDialog.getByRole('button', { name: 'Cancel' }), busy);
  if (context.dialogError) expect(inDialog.getByRole('alert')).toHaveTextContent(context.dialogError);
  else expect(inDialog.queryByRole('alert')).toBeNull();
}

describe('settings: model paths replayed on /settings', () => {
  const paths = coveringPaths(
    accountPaths(
      settingsModel,
      settingsModel.machine.provide({ actors: controlledActors(settingsModel.actors).actors as never }),
    ),
    ['"signedOut"', '"deleted"'],
  );
  for (const path of paths) {
    it(path.description, async () => {
      const fakes: SettingsFakes = {
        fetchSettings: controllable(),
        changePassword: controllable(),
        saveNotifications: controllable(),
        signOutEverywhere: controllable(),
        deleteAccount: controllable(),
      };
      const app = await startApp({
        fetchSettings: fakes.fetchSettings.fn,
        changePassword: fakes.changePassword.fn,
        saveNotifications: fakes.saveNotifications.fn,
        signOutEverywhere: fakes.signOutEverywhere.fn,
        deleteAccount: fakes.deleteAccount.fn,
      });
      for (const step of path.steps) {
        await performSettings(app, fakes, step.event, step.state);
        await expectSettingsShow(app, step.state, step.event);
      }
      for (const call of fakes.changePassword.fn.mock.calls)
        expect(call[0]).toEqual({ currentPassword: 'OldPass1!', newPassword: 'NewPass1!' });
      for (const call of fakes.deleteAccount.fn.mock.calls) expect(call[0]).toEqual({ confirm: 'DELETE' });
      app.system.stop();
    });
  }
});

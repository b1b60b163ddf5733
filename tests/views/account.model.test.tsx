// The member's account pages against their independent models (tests/models/spec: profile,
// settings), written from docs/requirements.md, replayed on the rendered app with a member signed in: My Profile
// on /profile and Account Settings on /settings. Each model step becomes what a person does (opening
// the address, typing, choosing a file, clicking by role and name) or the answer of a fake call with
// the step's own output; after every step what the page shows, read from the DOM (the section, its
// dialogs, the header's name, avatar and balance, the toasts, the address), must equal the part of
// `model.expect(state)` a person sees.
//
// Left to the machine tests (tests/machines/<name>.model.test.ts), through `canTake`:
// - steps with no control on the page at that moment: "Try again" when nothing failed, anything the
//   page marks busy (aria-disabled buttons, read-only or disabled fields, the switches) while a change
//   is under way, a switch already in the asked position (a click would turn it the other way), the
//   password form of an account without one, anything under a modal dialog, reloading /settings after
//   the session ended (the page is then the signed-out view);
// - a display name with a line break: a one-line field cannot hold one (the browser strips it);
// - by default only a few paths of each part, those taking the most edges (`firstPaths`: 5 per
//   profile focus, 3-6 per settings focus; about a second each on a busy machine); PAGE_PATHS=all
//   replays every page path.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { AccountSettings, NotificationPrefs, Profile } from '../../domain/account.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { SETTINGS_MESSAGES } from '../../machines/account/settings.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { coinsText } from '../../src/commerce/history-parts.tsx';
import { NOTIFICATION_LABELS, noPasswordText, SETTINGS_TEXTS } from '../../src/account/settings-page.tsx';
import { ApiError } from '../../src/platform/api.ts';
import { type SpecStep } from '../support/spec-model.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { profileSpec, type ProfileFocus, type ProfileState } from '../models/spec/profile.ts';
import { settingsSpec, type SettingsFocus, type SettingsState } from '../models/spec/settings.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import { type Fake } from './support/replay.ts';
import { jsdomPerson } from './support/person.ts';
import { profileDriver } from '../drivers/profile.ts';
import { PASSWORD_LABELS, settingsDriver } from '../drivers/settings.ts';
import { firstPaths, pagePaths, replaySpecPathOnPage } from './support/spec-page.ts';
import { answer, banner, textOf, toasts, toastsOf } from './support/account-pages.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const USER = { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 35 };
const MEMBER: Restored = { status: 'valid', token: 'a.b.c', socialLogin: false, user: USER };

/**
 * The app on a page without the account area, a member signed in, on a simulated clock: no model
 * step lets time pass, so toasts stay and the session's 5 s poll of this device's storage (where the
 * fakes keep no token) does not run, however slow the machine.
 */
async function startApp(effects: Partial<AppEffects>) {
  const clock = new SimulatedClock();
  const app = await renderApp('/terms', {}, { effects: fakeEffects(effects), restored: MEMBER, clock });
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  await screen.findByRole('link', { name: `FruitCoin balance: ${USER.fruitCnt}` });
  return app;
}

type App = Awaited<ReturnType<typeof startApp>>;

/** A busy control: still focusable, aria-disabled. */
const ariaDisabled = (el: HTMLElement) => el.getAttribute('aria-disabled') === 'true';

/** A field's error: the last thing its description says, when it is marked invalid. */
const errorOf = (field: HTMLElement): string | null => {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return textOf(document.getElementById(ids.at(-1)!));
};

/** The section of a member's page: loading, failed, or what the page reads from it. */
function sectionOf<T>(name: string, label: string, read: (section: HTMLElement) => T) {
  const section = screen.queryByRole('region', { name });
  if (!section) return null;
  if (section.getAttribute('aria-busy') === 'true')
    return { loading: textOf(within(section).getByRole('status')) ?? label };
  const failed = within(section).queryByRole('heading', { name: /^We couldn't load/ });
  if (failed) return { failed: textOf(within(section).getByRole('alert')) };
  return read(section);
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

/** The steps a person can take on /profile (see the top of the file). */
const canTakeProfile = (step: SpecStep, before: ProfileState): boolean => {
  if (!('send' in step)) return true;
  const event = step.send;
  const viewing = before.phase === 'viewing';
  switch (event.type) {
    case 'profile.load':
      return true;
    case 'profile.retry':
      return before.phase === 'loadFailed';
    case 'profile.nameChanged':
      // eslint-disable-next-line no-control-regex
      return viewing && !/[\u0000-\u001f]/.test(event.value as string);
    case 'profile.saveName':
    case 'profile.avatarChosen':
    case 'profile.generateAvatar':
    case 'profile.copyReferral':
      return viewing;
    default:
      return false;
  }
};

async function performProfile(app: App, fakes: ProfileFakes, step: SpecStep, before: ProfileState) {
  if ('send' in step) return jsdomPerson(app).take(profileDriver, step.send, before);
  if ('wait' in step) return;
  const actor = ('settle' in step ? step.settle : step.fail) as keyof ProfileFakes;
  const fake = fakes[actor] as Fake<unknown[], unknown> | undefined;
  if (!fake) throw new Error(`No fake call for ${actor}`);
  return answer(fake, step);
}

/** What /profile shows, and what the header says of the member. */
function observeProfile() {
  const page = sectionOf('Your profile', 'Loading your profile…', (section) => {
    const inside = within(section);
    const summary = inside.getByRole('article');
    const avatar = within(inside.getByRole('region', { name: 'Avatar' }));
    const picker = avatar.getByLabelText('Upload a photo') as HTMLInputElement;
    const generate = avatar.getByRole('button', { name: /^(Generating…|Use a generated avatar)$/ });
    const form = within(inside.getByRole('form', { name: 'Display name' }));
    const field = form.getByRole('textbox', { name: 'Display name' }) as HTMLInputElement;
    const save = form.getByRole('button', { name: /^(Saving…|Save name)$/ });
    const referral = within(inside.getByRole('region', { name: 'Referral link' }));
    const copy = referral.getByRole('button', { name: /^(Copying…|Copy link)$/ });
    return {
      name: textOf(within(summary).getByRole('heading', { level: 2 })),
      coins: textOf(within(summary).getByText(/FruitCoins?$/, { selector: 'strong' })),
      avatar: avatar.getByRole('img', { name: 'Your current avatar' }).getAttribute('src'),
      picker: { disabled: picker.disabled, error: errorOf(picker) },
      uploading: avatar.queryByRole('progressbar', { name: 'Uploading your avatar' }) !== null,
      generate: { name: textOf(generate), busy: ariaDisabled(generate) },
      field: { value: field.value, readOnly: field.readOnly, error: errorOf(field) },
      save: { name: textOf(save), busy: ariaDisabled(save) },
      referral: (referral.getByRole('textbox', { name: 'Your referral link' }) as HTMLInputElement).value,
      copy: { name: textOf(copy), busy: ariaDisabled(copy) },
    };
  });
  const menu = banner().getByRole('button', { name: /^Account menu for/ });
  return {
    page,
    header: {
      // the menu says whose it is (and how many messages are unread)
      name: textOf(within(menu).getByText(/^Account menu for /))!
        .replace(/^Account menu for /, '')
        .replace(/, \d+ unread messages?$/, ''),
      avatar: menu.querySelector('img')!.getAttribute('src'),
      balance: banner()
        .getByRole('link', { name: /^FruitCoin balance: / })
        .getAttribute('aria-label'),
    },
    toasts: toasts(),
  };
}

function shownProfile(expected: unknown, s: ProfileState) {
  const e = expected as {
    status: string;
    error: string | null;
    profile: Profile | null;
    busy: boolean;
    uploading: boolean;
    generating: boolean;
    nameDraft: string;
    nameError: string | null;
    savingName: boolean;
    avatarError: string | null;
    copying: boolean;
    heard: string[];
  };
  let page: unknown = null;
  if (s.phase !== 'idle') {
    if (e.status === 'loading') page = { loading: 'Loading your profile…' };
    else if (e.status === 'error') page = { failed: e.error };
    else {
      const p = e.profile!;
      page = {
        name: p.name,
        coins: coinsText(p.fruitCnt),
        avatar: p.avatarUrl,
        picker: { disabled: e.busy, error: e.avatarError },
        uploading: e.uploading,
        generate: { name: e.generating ? 'Generating…' : 'Use a generated avatar', busy: e.busy },
        field: { value: e.nameDraft, readOnly: e.busy, error: e.nameError },
        save: { name: e.savingName ? 'Saving…' : 'Save name', busy: e.busy },
        referral: p.referralUrl,
        copy: { name: e.copying ? 'Copying…' : 'Copy link', busy: e.busy },
      };
    }
  }
  // what the session heard: the name, the avatar (a picture's address) and the balance in the header
  const updates = e.heard.filter((h) => h.startsWith('session.userUpdated ')).map((h) => h.slice(20));
  const balance = e.heard.filter((h) => h.startsWith('session.fruitUpdated ')).map((h) => h.slice(21));
  return {
    page,
    header: {
      name: updates.filter((u) => !u.startsWith('/')).at(-1) ?? USER.name,
      avatar: updates.filter((u) => u.startsWith('/')).at(-1) ?? USER.avatar,
      balance: `FruitCoin balance: ${balance.at(-1) ?? USER.fruitCnt}`,
    },
    toasts: toastsOf(e.heard),
  };
}

for (const focus of ['load', 'name', 'avatar'] as ProfileFocus[]) {
  const model = profileSpec(focus);
  describe(`profile on the page against ${model.spec}`, () => {
    for (const path of firstPaths(
      model,
      pagePaths(model, canTakeProfile),
      { load: 5, name: 5, avatar: 5 }[focus],
    )) {
      it(
        path.title,
        async () => {
          const fakes: ProfileFakes = {
            fetchProfile: controllable(),
            saveName: controllable(),
            uploadAvatar: controllable(),
            generateAvatar: controllable(),
            copyText: controllable(),
          };
          await replaySpecPathOnPage(
            model,
            {
              start: () =>
                startApp({
                  fetchProfile: fakes.fetchProfile.fn,
                  saveName: fakes.saveName.fn,
                  uploadAvatar: fakes.uploadAvatar.fn,
                  generateAvatar: fakes.generateAvatar.fn,
                  copyText: fakes.copyText.fn,
                }),
              perform: (app, step, before) => performProfile(app, fakes, step, before),
              observe: observeProfile,
              shown: shownProfile,
              stop: (app) => app.system.stop(),
            },
            path,
          );
        },
        30_000,
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// settings: /settings

interface SettingsFakes {
  fetchSettings: Fake<[], AccountSettings>;
  changePassword: Fake<[{ currentPassword: string; newPassword: string }], { token: string }>;
  saveNotifications: Fake<[Partial<NotificationPrefs>], AccountSettings>;
  signOutEverywhere: Fake<[], void>;
  deleteAccount: Fake<[{ confirm: string }], void>;
}

/** How the server refuses a password change (the app's effect reads the status). */
const REFUSAL_STATUS: Record<string, number> = { wrongCurrent: 403, rule: 400, noPassword: 409 };

/** The steps a person can take on /settings (see the top of the file). */
const canTakeSettings = (step: SpecStep, before: SettingsState): boolean => {
  if (!('send' in step)) return true;
  const event = step.send;
  const editing = before.phase === 'editing';
  switch (event.type) {
    case 'settings.load':
      return before.phase !== 'signedOut' && before.phase !== 'deleted';
    case 'settings.retry':
      return before.phase === 'loadFailed';
    case 'settings.passwordChanged':
    case 'settings.changePassword':
      return editing && before.settings?.hasPassword === true;
    case 'settings.toggle':
      return (
        editing &&
        before.settings !== null &&
        before.settings.notifications[event.key as keyof NotificationPrefs] !== event.on
      );
    case 'settings.forgetEmail':
      return editing && before.rememberedEmail !== null;
    case 'settings.signOutEverywhere':
    case 'settings.deleteAccount':
      return editing;
    case 'settings.signOutConfirm':
      return before.phase === 'confirmingSignOut';
    case 'settings.deleteTextChanged':
      return before.phase === 'confirmingDelete';
    case 'settings.deleteConfirm':
      return before.phase === 'confirmingDelete' && before.deleteText === 'DELETE';
    case 'settings.cancel':
      return before.phase === 'confirmingSignOut' || before.phase === 'confirmingDelete';
    default:
      return false;
  }
};

async function performSettings(app: App, fakes: SettingsFakes, step: SpecStep, before: SettingsState) {
  if ('send' in step) return jsdomPerson(app).take(settingsDriver, step.send, before);
  if ('wait' in step) return;
  const actor = ('settle' in step ? step.settle : step.fail) as keyof SettingsFakes;
  if (actor === 'changePassword' && 'settle' in step) {
    // a refusal is the server's answer with a status, in its words
    const output = step.output as
      { ok: true; token: string } | { ok: false; reason: string; message: string };
    if (!output.ok)
      return fakes.changePassword.reject(new ApiError(output.message, REFUSAL_STATUS[output.reason]!));
    return fakes.changePassword.resolve({ token: output.token });
  }
  const fake = fakes[actor] as Fake<unknown[], unknown> | undefined;
  if (!fake) throw new Error(`No fake call for ${actor}`);
  return answer(fake, step);
}

/** What /settings shows (or the page that follows it), what this device remembers, and the address. */
function observeSettings(app: App) {
  const signedOut = screen.queryByRole('heading', { name: 'Log in to change your settings' }) !== null;
  const page = sectionOf('Account settings', 'Loading your settings…', (section) => {
    const inside = within(section);
    const password = within(inside.getByRole('region', { name: 'Password' }));
    const formEl = password.queryByRole('form', { name: 'Change password' });
    let form: unknown = null;
    if (formEl) {
      const f = within(formEl);
      const button = f.getByRole('button', { name: /^(Changing…|Change password)$/ });
      form = {
        fields: Object.fromEntries(
          Object.entries(PASSWORD_LABELS).map(([key, label]) => {
            const input = f.getByLabelText(label) as HTMLInputElement;
            return [key, { value: input.value, error: errorOf(input) }];
          }),
        ),
        button: { name: textOf(button), busy: ariaDisabled(button) },
        changed: textOf(f.queryByRole('status')) === SETTINGS_MESSAGES.passwordChanged,
        failure: textOf(f.queryByRole('alert')),
      };
    }
    const notifications = within(inside.getByRole('region', { name: 'Email notifications' }));
    const device = within(inside.getByRole('region', { name: 'This device' }));
    const forget = device.getByRole('button', {
      name: 'Forget my email on this device',
    }) as HTMLButtonElement;
    return {
      password: formEl ? form : textOf(password.getByText(/password/i, { selector: 'p' })),
      switches: Object.fromEntries(
        Object.entries(NOTIFICATION_LABELS).map(([key, { label }]) => {
          const toggle = notifications.getByRole('switch', { name: label }) as HTMLInputElement;
          return [key, { on: toggle.checked, busy: ariaDisabled(toggle) }];
        }),
      ),
      prefsError: textOf(notifications.queryByRole('alert')),
      forget: {
        disabled: forget.disabled,
        said: forget.getAttribute('aria-describedby')
          ? textOf(document.getElementById(forget.getAttribute('aria-describedby')!))
          : null,
      },
    };
  });
  const dialogEl = screen.queryByRole('dialog');
  let dialog: unknown = null;
  if (dialogEl) {
    const inside = within(dialogEl);
    const title = textOf(inside.getByRole('heading'));
    const confirm = inside.getByRole('button', {
      name: /^(Sign out everywhere|Signing out…|Delete my account|Deleting…)$/,
    }) as HTMLButtonElement;
    const text = inside.queryByRole('textbox', {
      name: SETTINGS_TEXTS.deleteLabel,
    }) as HTMLInputElement | null;
    dialog = {
      title,
      typed: text ? text.value : null,
      confirm: { name: textOf(confirm), disabled: confirm.disabled, busy: ariaDisabled(confirm) },
      error: textOf(inside.queryByRole('alert')),
    };
  }
  return {
    page: signedOut ? 'signed out' : page,
    dialog,
    remembered: localStorage.getItem('remember_email'),
    member: banner().queryByRole('button', { name: 'Log in' }) === null,
    address: app.router.state.location.pathname,
    toasts: toasts(),
  };
}

function shownSettings(expected: unknown, s: SettingsState) {
  const e = expected as {
    status: string;
    error: string | null;
    dialog: 'signOut' | 'delete' | null;
    busy: boolean;
    settings: AccountSettings | null;
    passwordForm: Record<keyof typeof PASSWORD_LABELS, string>;
    passwordErrors: Partial<Record<keyof typeof PASSWORD_LABELS, string>>;
    passwordChanged: boolean;
    passwordFailure: string | null;
    changingPassword: boolean;
    notifications: NotificationPrefs | null;
    prefsError: string | null;
    rememberedEmail: string | null;
    deleteText: string;
    dialogError: string | null;
    heard: string[];
    did: string[];
  };
  let page: unknown = null;
  if (s.phase === 'signedOut') page = 'signed out';
  else if (s.phase === 'deleted') page = null;
  else if (s.phase !== 'idle') {
    if (e.status === 'loading') page = { loading: 'Loading your settings…' };
    else if (e.status === 'error') page = { failed: e.error };
    else {
      const settings = e.settings!;
      page = {
        password: settings.hasPassword
          ? {
              fields: Object.fromEntries(
                Object.keys(PASSWORD_LABELS).map((key) => {
                  const k = key as keyof typeof PASSWORD_LABELS;
                  return [k, { value: e.passwordForm[k], error: e.passwordErrors[k] ?? null }];
                }),
              ),
              button: { name: e.changingPassword ? 'Changing…' : 'Change password', busy: e.busy },
              changed: e.passwordChanged,
              failure: e.passwordFailure,
            }
          : noPasswordText(settings.provider),
        switches: Object.fromEntries(
          Object.keys(NOTIFICATION_LABELS).map((key) => [
            key,
            { on: e.notifications![key as keyof NotificationPrefs], busy: e.busy },
          ]),
        ),
        prefsError: e.prefsError ? `${e.prefsError} ${SETTINGS_TEXTS.rolledBack}` : null,
        forget: {
          disabled: e.rememberedEmail === null,
          said: e.rememberedEmail
            ? SETTINGS_TEXTS.remembered(e.rememberedEmail)
            : SETTINGS_TEXTS.notRemembered,
        },
      };
    }
  }
  const signingOut = e.dialog === 'signOut' && e.busy;
  const deleting = e.dialog === 'delete' && e.busy;
  const dialog = e.dialog
    ? {
        title: e.dialog === 'signOut' ? SETTINGS_TEXTS.signOutTitle : SETTINGS_TEXTS.deleteTitle,
        typed: e.dialog === 'delete' ? e.deleteText : null,
        confirm: {
          name:
            e.dialog === 'signOut'
              ? signingOut
                ? 'Signing out…'
                : 'Sign out everywhere'
              : deleting
                ? 'Deleting…'
                : 'Delete my account',
          disabled: e.dialog === 'delete' && e.deleteText !== 'DELETE',
          busy: e.busy,
        },
        error: e.dialogError,
      }
    : null;
  // the session logs out: with its toast after "sign out everywhere", quietly after a deletion
  const said = e.heard.flatMap((h) =>
    h === 'session.logout false' ? ['toast.show success You have been successfully logged out'] : [h],
  );
  return {
    page,
    dialog,
    // the page's model starts with nothing remembered until it is opened with what the device holds
    remembered: e.rememberedEmail,
    member: s.phase !== 'signedOut' && s.phase !== 'deleted',
    address: e.did.includes('goHome') ? '/' : s.phase === 'idle' ? '/terms' : '/settings',
    toasts: toastsOf(said),
  };
}

for (const focus of ['load', 'passwordChecks', 'passwordAnswers', 'prefs', 'dialogs'] as SettingsFocus[]) {
  const model = settingsSpec(focus);
  describe(`settings on the page against ${model.spec}`, () => {
    for (const path of firstPaths(
      model,
      pagePaths(model, canTakeSettings),
      { load: 5, passwordChecks: 3, passwordAnswers: 5, prefs: 3, dialogs: 6 }[focus],
    )) {
      it(
        path.title,
        async () => {
          const fakes: SettingsFakes = {
            fetchSettings: controllable(),
            changePassword: controllable(),
            saveNotifications: controllable(),
            signOutEverywhere: controllable(),
            deleteAccount: controllable(),
          };
          await replaySpecPathOnPage(
            model,
            {
              start: () =>
                startApp({
                  fetchSettings: fakes.fetchSettings.fn,
                  changePassword: fakes.changePassword.fn,
                  saveNotifications: fakes.saveNotifications.fn,
                  signOutEverywhere: fakes.signOutEverywhere.fn,
                  deleteAccount: fakes.deleteAccount.fn,
                }),
              perform: (app, step, before) => performSettings(app, fakes, step, before),
              observe: observeSettings,
              shown: shownSettings,
              stop: (app) => app.system.stop(),
            },
            path,
          );
        },
        30_000,
      );
    }
  });
}

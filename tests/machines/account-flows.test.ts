// My Profile and Account Settings: their rules, and the two on the
// whole actor system, with src/account/account-logic.ts's effects over fake API calls.
// Mutation: profile, settings
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { DELETE_CONFIRMATION } from '../../domain/account.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { avatarProblem, nameProblem, PROFILE_MESSAGES } from '../../machines/account/profile.ts';
import { SETTINGS_MESSAGES, validatePasswordChange } from '../../machines/account/settings.ts';
import { ApiError } from '../../src/platform/api.ts';
import { navigation } from '../../src/platform/navigation.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import {
  CURRENT,
  hugePng,
  memberProfile,
  NEXT,
  pdfFile,
  pngFile,
  withPassword,
} from '../support/account-models.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { startTestSystem } from '../support/start-system.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('profile rules', () => {
  it('checks display names against NAME_LIMITS', () => {
    expect(nameProblem('')).toBe(PROFILE_MESSAGES.nameRequired);
    expect(nameProblem('   ')).toBe(PROFILE_MESSAGES.nameRequired);
    expect(nameProblem('x'.repeat(40))).toBeNull();
    expect(nameProblem(` ${'x'.repeat(40)} `)).toBeNull();
    expect(nameProblem('x'.repeat(41))).toBe(PROFILE_MESSAGES.nameTooLong);
    expect(nameProblem('Mina\nRay')).toBe(PROFILE_MESSAGES.nameControl);
    expect(nameProblem('Mina Ray')).toBeNull();
  });

  it('checks an avatar file by type, then size', () => {
    expect(avatarProblem(pngFile())).toBeNull();
    expect(avatarProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
    expect(avatarProblem(pdfFile())).toBe(PROFILE_MESSAGES.avatarType);
    expect(avatarProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe(
      PROFILE_MESSAGES.avatarType,
    );
    expect(avatarProblem(hugePng())).toBe(PROFILE_MESSAGES.avatarTooLarge);
    expect(avatarProblem({ type: 'application/pdf', size: 10 ** 9 })).toBe(PROFILE_MESSAGES.avatarType);
  });
});

describe('settings rules', () => {
  it('validates the password change field by field', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: SETTINGS_MESSAGES.currentRequired,
      newPassword: MESSAGES.passwordRequired,
    });
    expect(
      validatePasswordChange({ currentPassword: CURRENT, newPassword: 'password1', confirmPassword: 'x' }),
    ).toEqual({ newPassword: MESSAGES.passwordRule, confirmPassword: MESSAGES.passwordMismatch });
    expect(
      validatePasswordChange({ currentPassword: CURRENT, newPassword: CURRENT, confirmPassword: CURRENT }),
    ).toEqual({ newPassword: SETTINGS_MESSAGES.samePassword });
    expect(
      validatePasswordChange({ currentPassword: CURRENT, newPassword: NEXT, confirmPassword: `${NEXT} ` }),
    ).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
    expect(
      validatePasswordChange({ currentPassword: CURRENT, newPassword: NEXT, confirmPassword: NEXT }),
    ).toEqual({});
  });
});

/** The whole actor system over fake API calls, with a member signed in. */
async function memberSystem(overrides: Partial<AppEffects>) {
  const system = startTestSystem({ effects: fakeEffects(overrides) });
  const session = systemActor(system, 'session');
  await waitFor(session, (s) => !s.hasTag('pending'));
  session.send({
    type: 'session.signedIn',
    token: 'a.b.c',
    userData: { userId: 'u-1', providerUsername: 'Mina Member', fruitCnt: 12 },
    now: Date.now(),
  });
  await waitFor(session, (s) => s.context.user !== null);
  const toasts = () =>
    systemActor(system, 'toast')
      .getSnapshot()
      .context.toasts.map((t) => t.message);
  return { system, session, toasts };
}

describe('profile on the actor system', () => {
  it('a saved name and a new avatar reach the session; the balance follows the profile', async () => {
    const saveName = vi.fn(async ({ name }: { name: string }) => ({ ...memberProfile, name }));
    const uploadAvatar = vi.fn(async () => ({ ...memberProfile, avatarUrl: '/api/avatars/u-1.webp?v=9' }));
    const { system, session, toasts } = await memberSystem({
      fetchProfile: async () => memberProfile,
      saveName,
      uploadAvatar,
    });
    const profile = systemActor(system, 'profile');
    profile.send({ type: 'profile.load' });
    await waitFor(profile, (s) => s.hasTag('ready'));
    expect(session.getSnapshot().context.user?.fruitCnt).toBe(650);

    profile.send({ type: 'profile.nameChanged', value: '  Mina Ray  ' });
    profile.send({ type: 'profile.saveName' });
    await waitFor(profile, (s) => s.matches({ ready: 'viewing' }));
    expect(saveName).toHaveBeenCalledWith({ name: 'Mina Ray' });
    expect(session.getSnapshot().context.user?.name).toBe('Mina Ray');
    expect(toasts()).toContain(PROFILE_MESSAGES.nameSaved);

    const file = pngFile(2048);
    profile.send({ type: 'profile.avatarChosen', file });
    await waitFor(profile, (s) => s.matches({ ready: 'viewing' }));
    expect(uploadAvatar).toHaveBeenCalledWith({ file });
    expect(session.getSnapshot().context.user?.avatar).toBe('/api/avatars/u-1.webp?v=9');
    // the name typed meanwhile is kept
    expect(profile.getSnapshot().context.nameDraft).toBe('Mina Ray');
    system.stop();
  });

  it("a refused file never leaves the browser; the server's refusal is shown", async () => {
    const uploadAvatar = vi.fn(async () => {
      throw new ApiError('This file is not an image we take.', 415);
    });
    const { system } = await memberSystem({ fetchProfile: async () => memberProfile, uploadAvatar });
    const profile = systemActor(system, 'profile');
    profile.send({ type: 'profile.load' });
    await waitFor(profile, (s) => s.hasTag('ready'));
    profile.send({ type: 'profile.avatarChosen', file: hugePng() });
    expect(profile.getSnapshot().context.avatarError).toBe(PROFILE_MESSAGES.avatarTooLarge);
    expect(uploadAvatar).not.toHaveBeenCalled();
    profile.send({ type: 'profile.avatarChosen', file: pngFile() });
    await waitFor(profile, (s) => s.matches({ ready: 'viewing' }));
    expect(profile.getSnapshot().context.avatarError).toBe('This file is not an image we take.');
    system.stop();
  });

  it('copies the referral link', async () => {
    const copyText = vi.fn(async () => {});
    const { system, toasts } = await memberSystem({ fetchProfile: async () => memberProfile, copyText });
    const profile = systemActor(system, 'profile');
    profile.send({ type: 'profile.load' });
    await waitFor(profile, (s) => s.hasTag('ready'));
    profile.send({ type: 'profile.copyReferral' });
    await waitFor(profile, (s) => s.matches({ ready: 'viewing' }));
    expect(copyText).toHaveBeenCalledWith(memberProfile.referralUrl);
    expect(toasts()).toContain(PROFILE_MESSAGES.copied);
    system.stop();
  });
});

describe('settings on the actor system', () => {
  it('a password change sends both passwords and gives the session its new token', async () => {
    const changePassword = vi.fn(async () => ({ token: 'n.e.w' }));
    const { system, session } = await memberSystem({
      fetchSettings: async () => withPassword,
      changePassword,
    });
    const settings = systemActor(system, 'settings');
    settings.send({ type: 'settings.load', rememberedEmail: null });
    await waitFor(settings, (s) => s.hasTag('ready'));
    settings.send({ type: 'settings.passwordChanged', field: 'currentPassword', value: CURRENT });
    settings.send({ type: 'settings.passwordChanged', field: 'newPassword', value: NEXT });
    settings.send({ type: 'settings.passwordChanged', field: 'confirmPassword', value: NEXT });
    settings.send({ type: 'settings.changePassword' });
    await waitFor(settings, (s) => s.matches({ ready: 'editing' }));
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: CURRENT, newPassword: NEXT });
    expect(settings.getSnapshot().context.passwordChanged).toBe(true);
    expect(settings.getSnapshot().context.form).toEqual({
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
    expect(session.getSnapshot().context.token).toBe('n.e.w');
    expect(session.getSnapshot().hasTag('loggedIn')).toBe(true);
    system.stop();
  });

  it.each([
    [403, 'currentPassword'],
    [400, 'newPassword'],
  ] as const)('a %i refusal marks the %s field', async (status, field) => {
    const { system } = await memberSystem({
      fetchSettings: async () => withPassword,
      changePassword: async () => {
        throw new ApiError('Refused for a reason.', status);
      },
    });
    const settings = systemActor(system, 'settings');
    settings.send({ type: 'settings.load', rememberedEmail: null });
    await waitFor(settings, (s) => s.hasTag('ready'));
    settings.send({ type: 'settings.passwordChanged', field: 'currentPassword', value: CURRENT });
    settings.send({ type: 'settings.passwordChanged', field: 'newPassword', value: NEXT });
    settings.send({ type: 'settings.passwordChanged', field: 'confirmPassword', value: NEXT });
    settings.send({ type: 'settings.changePassword' });
    await waitFor(settings, (s) => s.matches({ ready: 'editing' }));
    expect(settings.getSnapshot().context.passwordErrors).toEqual({ [field]: 'Refused for a reason.' });
    system.stop();
  });

  it('a 409 says the account has no password; the network failing is a general error', async () => {
    let answer = new ApiError('No password on this account.', 409);
    const { system } = await memberSystem({
      fetchSettings: async () => withPassword,
      changePassword: async () => {
        throw answer;
      },
    });
    const settings = systemActor(system, 'settings');
    const fill = () => {
      settings.send({ type: 'settings.passwordChanged', field: 'currentPassword', value: CURRENT });
      settings.send({ type: 'settings.passwordChanged', field: 'newPassword', value: NEXT });
      settings.send({ type: 'settings.passwordChanged', field: 'confirmPassword', value: NEXT });
      settings.send({ type: 'settings.changePassword' });
    };
    settings.send({ type: 'settings.load', rememberedEmail: null });
    await waitFor(settings, (s) => s.hasTag('ready'));
    answer = new ApiError("Can't reach FruitPrompt right now.", 0);
    fill();
    await waitFor(settings, (s) => s.matches({ ready: 'editing' }));
    expect(settings.getSnapshot().context.passwordFailure).toBe("Can't reach FruitPrompt right now.");
    answer = new ApiError('No password on this account.', 409);
    settings.send({ type: 'settings.changePassword' });
    await waitFor(settings, (s) => s.matches({ ready: 'editing' }));
    expect(settings.getSnapshot().context.settings?.hasPassword).toBe(false);
    system.stop();
  });

  it('a preference is shown at once and put back when the save fails', async () => {
    let fail = true;
    const saveNotifications = vi.fn(async (prefs: object) => {
      if (fail) throw new ApiError("Can't reach FruitPrompt right now.", 0);
      return { ...withPassword, notifications: { ...withPassword.notifications, ...prefs } };
    });
    const { system } = await memberSystem({ fetchSettings: async () => withPassword, saveNotifications });
    const settings = systemActor(system, 'settings');
    settings.send({ type: 'settings.load', rememberedEmail: null });
    await waitFor(settings, (s) => s.hasTag('ready'));
    settings.send({ type: 'settings.toggle', key: 'promotions', on: true });
    expect(settings.getSnapshot().context.settings?.notifications.promotions).toBe(true);
    await waitFor(settings, (s) => s.matches({ ready: 'editing' }));
    expect(saveNotifications).toHaveBeenCalledWith({ promotions: true });
    expect(settings.getSnapshot().context.settings?.notifications.promotions).toBe(false);
    expect(settings.getSnapshot().context.prefsError).toBe("Can't reach FruitPrompt right now.");
    fail = false;
    settings.send({ type: 'settings.toggle', key: 'promotions', on: true });
    await waitFor(settings, (s) => s.matches({ ready: 'editing' }));
    expect(settings.getSnapshot().context.settings?.notifications.promotions).toBe(true);
    expect(settings.getSnapshot().context.prefsError).toBeNull();
    system.stop();
  });

  it('forgets the remembered email on this device', async () => {
    const { system, toasts } = await memberSystem({ fetchSettings: async () => withPassword });
    const settings = systemActor(system, 'settings');
    settings.send({ type: 'settings.load', rememberedEmail: 'mina@example.com' });
    await waitFor(settings, (s) => s.hasTag('ready'));
    settings.send({ type: 'settings.forgetEmail' });
    expect(settings.getSnapshot().context.rememberedEmail).toBeNull();
    expect(toasts()).toContain(SETTINGS_MESSAGES.emailForgotten);
    system.stop();
  });

  it('signing out everywhere ends this session too, with the logout toast', async () => {
    const signOutEverywhere = vi.fn(async () => {});
    const { system, session, toasts } = await memberSystem({
      fetchSettings: async () => withPassword,
      signOutEverywhere,
    });
    const settings = systemActor(system, 'settings');
    settings.send({ type: 'settings.load', rememberedEmail: null });
    await waitFor(settings, (s) => s.hasTag('ready'));
    settings.send({ type: 'settings.signOutEverywhere' });
    expect(signOutEverywhere).not.toHaveBeenCalled();
    settings.send({ type: 'settings.signOutConfirm' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    expect(signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(settings.getSnapshot().value).toBe('signedOut');
    expect(toasts()).toContain('You have been successfully logged out');
    system.stop();
  });

  it('deleting needs the exact word, then logs out quietly, says so and goes home', async () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
    const deleteAccount = vi.fn(async () => {});
    const { system, session, toasts } = await memberSystem({
      fetchSettings: async () => withPassword,
      deleteAccount,
    });
    const settings = systemActor(system, 'settings');
    settings.send({ type: 'settings.load', rememberedEmail: null });
    await waitFor(settings, (s) => s.hasTag('ready'));
    settings.send({ type: 'settings.deleteAccount' });
    for (const text of ['delete', 'DELETE ', 'Delete', '']) {
      settings.send({ type: 'settings.deleteTextChanged', value: text });
      settings.send({ type: 'settings.deleteConfirm' });
      expect(settings.getSnapshot().value).toEqual({ ready: 'confirmingDelete' });
    }
    settings.send({ type: 'settings.deleteTextChanged', value: DELETE_CONFIRMATION });
    settings.send({ type: 'settings.deleteConfirm' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    expect(deleteAccount).toHaveBeenCalledWith({ confirm: 'DELETE' });
    expect(settings.getSnapshot().value).toBe('deleted');
    expect(toasts()).toContain(SETTINGS_MESSAGES.deleted);
    expect(toasts()).not.toContain('You have been successfully logged out');
    expect(go).toHaveBeenCalledWith('/');
    system.stop();
  });
});

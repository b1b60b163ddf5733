// My Profile and Account Settings in detail: the header following a saved name, the avatar's quick
// checks, the password rule, the danger zone's exact word, signing out everywhere, and the
// keyboard. The state-by-state replays are in tests/views/account.model.test.tsx.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AccountSettings, Profile } from '../../domain/account.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { PROFILE_MESSAGES } from '../../machines/account/profile.ts';
import { SETTINGS_MESSAGES } from '../../machines/account/settings.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { SETTINGS_TEXTS } from '../../src/account/settings-page.tsx';
import { hugePng, memberProfile, pdfFile, pngFile, withPassword } from '../support/account-models.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import { controllable } from './support/controllable.ts';
import { renderMemberApp } from './support/render-app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const MEMBER = { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 650 };

/** The app at `path` with a member signed in (restored at start) and these fake API calls. */
async function memberApp(path: string, effects: Partial<AppEffects> = {}) {
  const base = fakeEffects({
    fetchCart: async () => ({ ...emptyCart(), balance: MEMBER.fruitCnt }),
    fetchProfile: async () => memberProfile,
    fetchSettings: async () => withPassword,
    ...effects,
  });
  return renderMemberApp(path, base, MEMBER);
}

const header = () => within(screen.getByRole('banner'));
const main = () => within(screen.getByRole('main'));
const toasts = () => Array.from(document.querySelectorAll('.toast__message')).map((p) => p.textContent);

describe('My Profile', () => {
  it('shows the account as the server knows it', async () => {
    await memberApp('/profile');
    const summary = await main().findByRole('article', { name: 'Mina Member' });
    expect(summary).toHaveTextContent('Emailmina@example.com');
    expect(summary).toHaveTextContent('Signs in withEmail and password');
    expect(summary).toHaveTextContent('Purchases4');
    expect(within(summary).getByText('650 FruitCoins')).toBeInTheDocument();
    expect(main().getByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      'http://localhost/s/mina-ref',
    );
    // the email is shown, not offered for editing
    expect(main().queryByRole('textbox', { name: /email/i })).toBeNull();
  });

  it('a saved display name shows in the header at once', async () => {
    const saveName = controllable<[{ name: string }], Profile>();
    const { user } = await memberApp('/profile', { saveName: saveName.fn });
    const field = await main().findByRole('textbox', { name: 'Display name' });
    await user.clear(field);
    await user.type(field, '  Mina Ray  {Enter}');
    expect(saveName.fn).toHaveBeenCalledWith({ name: 'Mina Ray' });
    expect(main().getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
    expect(field).toHaveAttribute('readonly');
    // focus stays where it was while saving
    expect(field).toHaveFocus();
    expect(header().getByRole('button', { name: 'Account menu for Mina Member' })).toBeInTheDocument();
    await saveName.resolve({ ...memberProfile, name: 'Mina Ray' });
    expect(header().getByRole('button', { name: 'Account menu for Mina Ray' })).toBeInTheDocument();
    expect(main().getByRole('article', { name: 'Mina Ray' })).toBeInTheDocument();
    expect(toasts()).toContain(PROFILE_MESSAGES.nameSaved);
  });

  it('checks the name before saving it', async () => {
    const saveName = vi.fn(async ({ name }: { name: string }) => ({ ...memberProfile, name }));
    const { user } = await memberApp('/profile', { saveName });
    const field = await main().findByRole('textbox', { name: 'Display name' });
    await user.clear(field);
    await user.click(main().getByRole('button', { name: 'Save name' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(PROFILE_MESSAGES.nameRequired));
    await user.type(field, 'x'.repeat(41));
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.click(main().getByRole('button', { name: 'Save name' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(PROFILE_MESSAGES.nameTooLong));
    expect(saveName).not.toHaveBeenCalled();
  });

  it('says at once when a picture is not a type or size we take, without uploading it', async () => {
    const uploadAvatar = vi.fn(async () => ({ ...memberProfile, avatarUrl: '/api/avatars/u-1.webp?v=2' }));
    await memberApp('/profile', { uploadAvatar });
    const files = userEvent.setup({ applyAccept: false });
    const picker = await main().findByLabelText('Upload a photo');
    const avatar = within(main().getByRole('region', { name: 'Avatar' }));
    expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');

    await files.upload(picker, pdfFile());
    expect(avatar.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.avatarType);
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    await files.upload(picker, hugePng());
    expect(avatar.getByRole('alert')).toHaveTextContent(
      'That image is larger than 2 MB. Choose a smaller one.',
    );
    expect(uploadAvatar).not.toHaveBeenCalled();

    const file = pngFile();
    await files.upload(picker, file);
    expect(uploadAvatar).toHaveBeenCalledWith({ file });
    expect(await header().findByRole('button', { name: 'Account menu for Mina Member' })).toBeInTheDocument();
    await act(async () => {});
    expect(
      header().getByRole('button', { name: 'Account menu for Mina Member' }).querySelector('img'),
    ).toHaveAttribute('src', '/api/avatars/u-1.webp?v=2');
    expect(avatar.queryByRole('alert')).toBeNull();
    expect(toasts()).toContain(PROFILE_MESSAGES.avatarSaved);
  });

  it("shows the upload under way, and the server's refusal", async () => {
    const upload = controllable<[{ file: Blob }], Profile>();
    await memberApp('/profile', { uploadAvatar: upload.fn });
    const files = userEvent.setup({ applyAccept: false });
    await files.upload(await main().findByLabelText('Upload a photo'), pngFile());
    const avatar = within(main().getByRole('region', { name: 'Avatar' }));
    expect(avatar.getByRole('progressbar', { name: 'Uploading your avatar' })).toBeInTheDocument();
    expect(avatar.getByLabelText('Upload a photo')).toBeDisabled();
    await upload.reject(new ApiError('This file is not an image we take.', 415));
    expect(avatar.queryByRole('progressbar')).toBeNull();
    expect(avatar.getByRole('alert')).toHaveTextContent('This file is not an image we take.');
  });

  it('copies the referral link to the clipboard', async () => {
    const copyText = vi.fn(async () => {});
    const { user } = await memberApp('/profile', { copyText });
    await user.click(await main().findByRole('button', { name: 'Copy link' }));
    expect(copyText).toHaveBeenCalledWith('http://localhost/s/mina-ref');
    expect(toasts()).toContain(PROFILE_MESSAGES.copied);
  });
});

/** Types into the password form's fields by their labels. */
async function fillPasswords(
  user: ReturnType<typeof userEvent.setup>,
  values: { current?: string; next?: string; confirm?: string },
) {
  const form = within(main().getByRole('form', { name: 'Change password' }));
  for (const [label, value] of [
    ['Current password', values.current],
    ['New password', values.next],
    ['Confirm new password', values.confirm],
  ] as const) {
    const input = form.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return form;
}

describe('Account Settings', () => {
  it('checks the new password against the rule, and the confirmation', async () => {
    const changePassword = vi.fn(async () => ({ token: 'n.e.w' }));
    const { user, system } = await memberApp('/settings', { changePassword });
    await main().findByRole('form', { name: 'Change password' });
    let form = await fillPasswords(user, {});
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription(
      SETTINGS_MESSAGES.currentRequired,
    );
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.passwordRequired),
    );

    form = await fillPasswords(user, { current: 'OldPass1!', next: 'password1', confirm: 'password1' });
    await user.click(form.getByRole('button', { name: 'Change password' }));
    const next = form.getByLabelText('New password');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.passwordRule));

    form = await fillPasswords(user, { current: 'OldPass1!', next: 'NewPass1!', confirm: 'NewPass1?' });
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      MESSAGES.passwordMismatch,
    );
    expect(form.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'false');
    expect(changePassword).not.toHaveBeenCalled();

    form = await fillPasswords(user, { current: 'OldPass1!', next: 'NewPass1!', confirm: 'NewPass1!' });
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'OldPass1!', newPassword: 'NewPass1!' });
    expect(await form.findByText(SETTINGS_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveValue('');
    // this device stays signed in, with the new token
    expect(systemActor(system, 'session').getSnapshot().context.token).toBe('n.e.w');
    expect(header().queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('a wrong current password is said on that field', async () => {
    const { user } = await memberApp('/settings', {
      changePassword: async () => {
        throw new ApiError('The current password is not correct.', 403);
      },
    });
    await main().findByRole('form', { name: 'Change password' });
    const form = await fillPasswords(user, { current: 'Wrong1!x', next: 'NewPass1!', confirm: 'NewPass1!' });
    await user.click(form.getByRole('button', { name: 'Change password' }));
    const current = form.getByLabelText('Current password');
    await vi.waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('The current password is not correct.');
  });

  it('an account without a password says why there is nothing to change', async () => {
    const google: AccountSettings = { ...withPassword, hasPassword: false, provider: 'google' };
    await memberApp('/settings', { fetchSettings: async () => google });
    const password = await main().findByRole('region', { name: 'Password' });
    expect(password).toHaveTextContent(SETTINGS_MESSAGES.noPassword.google);
    expect(within(password).queryByRole('form')).toBeNull();
  });

  it('forgets the remembered email on this device, and is disabled when there is none', async () => {
    localStorage.setItem('remember_email', 'mina@example.com');
    const { user } = await memberApp('/settings');
    const forget = await main().findByRole('button', { name: 'Forget my email on this device' });
    expect(forget).toHaveAccessibleDescription(SETTINGS_TEXTS.remembered('mina@example.com'));
    await user.click(forget);
    expect(localStorage.getItem('remember_email')).toBeNull();
    expect(forget).toBeDisabled();
    expect(forget).toHaveAccessibleDescription(SETTINGS_TEXTS.notRemembered);
    expect(toasts()).toContain(SETTINGS_MESSAGES.emailForgotten);
  });

  it('deleting needs DELETE typed exactly; then the account is gone and the page goes home', async () => {
    const deleteAccount = vi.fn(async () => {});
    const { user, router, system } = await memberApp('/settings', { deleteAccount });
    await user.click(await main().findByRole('button', { name: 'Delete account' }));
    const dialog = within(screen.getByRole('dialog', { name: SETTINGS_TEXTS.deleteTitle }));
    const word = dialog.getByRole('textbox', { name: SETTINGS_TEXTS.deleteLabel });
    expect(word).toHaveFocus();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    for (const attempt of ['delete', 'Delete', 'DELETE ', 'DELET']) {
      await user.clear(word);
      await user.type(word, `${attempt}{Enter}`);
      expect(confirm).toBeDisabled();
    }
    expect(deleteAccount).not.toHaveBeenCalled();
    await user.clear(word);
    await user.type(word, 'DELETE');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(deleteAccount).toHaveBeenCalledWith({ confirm: 'DELETE' });
    expect(await header().findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toasts()).toContain(SETTINGS_MESSAGES.deleted);
    expect(toasts()).not.toContain('You have been successfully logged out');
    expect(systemActor(system, 'session').getSnapshot().context.token).toBeNull();
  });

  it('sign out everywhere asks first, then logs this device out too', async () => {
    const signOutEverywhere = vi.fn(async () => {});
    const { user } = await memberApp('/settings', { signOutEverywhere });
    const section = await main().findByRole('region', { name: 'Sign out everywhere' });
    const open = within(section).getByRole('button', { name: 'Sign out everywhere' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: SETTINGS_TEXTS.signOutTitle });
    expect(within(dialog).getByRole('button', { name: 'Sign out everywhere' })).toHaveFocus();
    // Escape keeps everything as it was, focus back on the button that opened it
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
    expect(signOutEverywhere).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('dialog', { name: SETTINGS_TEXTS.signOutTitle })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    expect(signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(
      await main().findByRole('heading', { name: 'Log in to change your settings' }),
    ).toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(toasts()).toContain('You have been successfully logged out');
  });

  it('a preference switch saves at once and is put back when the save fails', async () => {
    const save = controllable<[Partial<AccountSettings['notifications']>], AccountSettings>();
    const { user } = await memberApp('/settings', { saveNotifications: save.fn });
    const promotions = await main().findByRole('switch', { name: 'News and offers' });
    expect(promotions).not.toBeChecked();
    await user.click(promotions);
    expect(promotions).toBeChecked();
    expect(save.fn).toHaveBeenCalledWith({ promotions: true });
    await save.reject(new ApiError("Can't reach FruitPrompt right now.", 0));
    expect(promotions).not.toBeChecked();
    const notifications = within(main().getByRole('region', { name: 'Email notifications' }));
    expect(notifications.getByRole('alert')).toHaveTextContent(
      `Can't reach FruitPrompt right now. ${SETTINGS_TEXTS.rolledBack}`,
    );
    // with the keyboard: Space on the focused switch
    promotions.focus();
    await user.keyboard(' ');
    expect(promotions).toBeChecked();
    await save.resolve({
      ...withPassword,
      notifications: { ...withPassword.notifications, promotions: true },
    });
    expect(promotions).toBeChecked();
    expect(notifications.queryByRole('alert')).toBeNull();
    expect(toasts()).toContain(SETTINGS_MESSAGES.prefsSaved);
  });

  it('signing out while on the page leaves the signed-out view', async () => {
    const app = await memberApp('/settings');
    await main().findByRole('form', { name: 'Change password' });
    await act(async () => systemActor(app.system, 'session').send({ type: 'session.logout' }));
    expect(
      await main().findByRole('heading', { name: 'Log in to change your settings' }),
    ).toBeInTheDocument();
  });
});

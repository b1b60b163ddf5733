// Account settings (/settings): the password form, the notification switches, forgetting the
// remembered email, "Sign out everywhere" and "Delete account" with their dialogs. A remembered email
// (`settings.load` with one) is the login form's "remember me" from an earlier sign-in on this device:
// the device holds it before the page is opened.
import { DELETE_CONFIRMATION } from '../../domain/account.ts';
import type { SettingsState } from '../models/spec/settings.ts';
import {
  button,
  byRole,
  check,
  click,
  dialog,
  fill,
  labelled,
  open,
  region,
  remember,
  textbox,
  type PageDriver,
} from '../support/page-driver.ts';

export const PASSWORD_LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
} as const;
const SWITCH_LABELS: Record<string, string> = {
  orderUpdates: 'Order updates',
  supportReplies: 'Support replies',
  promotions: 'News and offers',
};

const SECTION = region('Account settings');
const DIALOG = dialog();

export const settingsDriver: PageDriver<SettingsState> = {
  'settings.load': (event) => [
    remember('remember_email', (event.rememberedEmail as string | null | undefined) || null),
    open('/settings'),
  ],
  'settings.retry': () => [click(button('Try again', SECTION))],
  'settings.passwordChanged': (event) => [
    fill(
      labelled(PASSWORD_LABELS[event.field as keyof typeof PASSWORD_LABELS], SECTION),
      event.value as string,
    ),
  ],
  // an account without a password has no form to send
  'settings.changePassword': (_, before) =>
    before.settings?.hasPassword ? [click(button('Change password', SECTION))] : null,
  'settings.toggle': (event) => [
    check(byRole('switch', SWITCH_LABELS[event.key as string]!, { within: SECTION }), event.on as boolean),
  ],
  'settings.forgetEmail': () => [click(button('Forget my email on this device', SECTION))],
  'settings.signOutEverywhere': () => [
    click(button('Sign out everywhere', { ...region('Sign out everywhere'), within: SECTION })),
  ],
  'settings.signOutConfirm': () => [click(button('Sign out everywhere', DIALOG))],
  'settings.deleteAccount': () => [click(button('Delete account', SECTION))],
  'settings.deleteTextChanged': (event) => [
    fill(textbox(`Type ${DELETE_CONFIRMATION} to confirm`, DIALOG), event.value as string),
  ],
  'settings.deleteConfirm': () => [click(button('Delete my account', DIALOG))],
  'settings.cancel': () => [click(button('Cancel', DIALOG))],
};

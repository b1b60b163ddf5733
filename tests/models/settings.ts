// Account Settings: password, email preferences, this device, signing out everywhere, deleting.
// The model itself is shared with its tests in tests/support/account-models.ts; this adds what a person sees.
import { settingsModel as sharedSettingsModel } from '../support/account-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  settings: 'The "Account Settings" page',
  'settings.idle': '"Account Settings" not opened yet: placeholder rows',
  'settings.loading': '"Loading your settings…" placeholder rows',
  'settings.loadFailed': '"We couldn\'t load your settings" with the reason and "Try again"',
  'settings.ready': 'Cards: Password, Email notifications, This device, Sign out everywhere, Delete account',
  'settings.ready.editing':
    'The password form (Current, New, Confirm new password, "Change password"), notification switches, "Forget my email on this device"',
  'settings.ready.changingPassword': '"Change password" reads "Changing…", spinner "Changing your password…"',
  'settings.ready.savingPrefs': 'The switch moved, "Saving your email preferences…"',
  'settings.ready.confirmingSignOut': 'Dialog "Sign out everywhere?" with "Sign out everywhere" / "Cancel"',
  'settings.ready.signingOut': 'The dialog\'s button reads "Signing out…"',
  'settings.ready.confirmingDelete':
    'Dialog "Delete your account?": type DELETE, "Delete my account" / "Cancel"',
  'settings.ready.deleting': 'The dialog\'s button reads "Deleting…"',
  'settings.signedOut': 'Signed out everywhere: the header shows "Log in"',
  'settings.deleted': 'The account is gone: the home page, logged out',
};

export const settingsModel: MachineModel = { ...sharedSettingsModel, sees: SEES };

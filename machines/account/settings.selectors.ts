import type { SnapshotFrom } from 'xstate';
import type { settingsMachine } from './settings.ts';

type Snapshot = SnapshotFrom<typeof settingsMachine>;

/**
 * What Account Settings shows: nothing asked yet, its skeleton, the settings, the error view, or
 * nothing at all once the account's sessions ended (the page follows the session out).
 */
export const status = (s: Snapshot): 'idle' | 'loading' | 'ready' | 'error' | 'ended' =>
  s.hasTag('ready')
    ? 'ready'
    : s.hasTag('error')
      ? 'error'
      : s.hasTag('loading')
        ? 'loading'
        : s.hasTag('ended')
          ? 'ended'
          : 'idle';
/** Why the settings could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The dialog on screen, if any: "Sign out everywhere?" or "Delete your account?". */
export const dialog = (s: Snapshot): 'signOut' | 'delete' | null =>
  s.hasTag('signOutDialog') ? 'signOut' : s.hasTag('deleteDialog') ? 'delete' : null;
/** A request is under way: the page's other actions wait. */
export const busy = (s: Snapshot): boolean => s.hasTag('busy');
/** The account's settings as the server knows them (null until loaded). */
export const settings = (s: Snapshot) => s.context.settings;

/** The password form as typed. */
export const passwordForm = (s: Snapshot) => s.context.form;
/** What each password field says is wrong. */
export const passwordErrors = (s: Snapshot) => s.context.passwordErrors;
/** The change went through (said until the form is typed in again). */
export const passwordChanged = (s: Snapshot): boolean => s.context.passwordChanged;
/** Why the change failed for another reason (the network), if it did. */
export const passwordFailure = (s: Snapshot) => s.context.passwordFailure;
/** The password is being changed. */
export const changingPassword = (s: Snapshot): boolean => s.hasTag('changingPassword');

/** The email switches as shown (null until the settings are loaded). */
export const notifications = (s: Snapshot) => s.context.settings?.notifications ?? null;
/** The switch being saved (its spinner shows), if any. */
export const savingKey = (s: Snapshot) => (s.hasTag('savingPrefs') ? s.context.savingKey : null);
/** Why the last switch was put back, if it was. */
export const prefsError = (s: Snapshot) => s.context.prefsError;

/** The email the login form fills in on this device, if any. */
export const rememberedEmail = (s: Snapshot) => s.context.rememberedEmail;

/** What is typed in the delete dialog. */
export const deleteText = (s: Snapshot) => s.context.deleteText;
/** Why signing out everywhere or deleting failed, said in its dialog. */
export const dialogError = (s: Snapshot) => s.context.dialogError;

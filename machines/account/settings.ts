import { assign, fromPromise, not, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';
import { DELETE_CONFIRMATION, type AccountSettings, type NotificationPrefs } from '../../domain/account.ts';
import { isStrongPassword, MESSAGES } from '../../domain/validation.ts';
import { errorMessage } from '../../domain/errors.ts';

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
export type PasswordForm = Record<PasswordField, string>;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

/** What a password change resolves to: the server's refusals are answers, not errors. */
export type PasswordAnswer =
  | { ok: true; token: string }
  /** 403 the current password is wrong, 400 the new one breaks the rule, 409 no password here. */
  | { ok: false; reason: 'wrongCurrent' | 'rule' | 'noPassword'; message: string };

export type SettingsEvent =
  /** Account Settings was opened; src/ says which email this device remembers (requirements §3). */
  | { type: 'settings.load'; rememberedEmail: string | null }
  | { type: 'settings.retry' }
  | { type: 'settings.passwordChanged'; field: PasswordField; value: string }
  | { type: 'settings.changePassword' }
  /** A notification switch: saved at once, shown at once, put back if the save fails. */
  | { type: 'settings.toggle'; key: keyof NotificationPrefs; on: boolean }
  /** "Forget my email on this device". */
  | { type: 'settings.forgetEmail' }
  /** "Sign out everywhere": asks first. */
  | { type: 'settings.signOutEverywhere' }
  | { type: 'settings.signOutConfirm' }
  /** "Delete account": a dialog that wants DELETE_CONFIRMATION typed. */
  | { type: 'settings.deleteAccount' }
  | { type: 'settings.deleteTextChanged'; value: string }
  | { type: 'settings.deleteConfirm' }
  /** Closes either dialog without acting. */
  | { type: 'settings.cancel' };

export interface SettingsContext {
  settings: AccountSettings | null;
  /** The email the login dialog fills in on this device, if any. */
  rememberedEmail: string | null;
  form: PasswordForm;
  passwordErrors: PasswordErrors;
  /** The change went through (shown until the form is typed in again). */
  passwordChanged: boolean;
  /** The change failed for another reason (the network). */
  passwordFailure: string | null;
  /** The preferences before the switch being saved, to put back if it fails. */
  previousPrefs: NotificationPrefs | null;
  /** The switch being saved. */
  savingKey: keyof NotificationPrefs | null;
  prefsError: string | null;
  /** What is typed in the delete dialog. */
  deleteText: string;
  /** Signing out everywhere or deleting failed; shown in its dialog. */
  dialogError: string | null;
  /** Settings could not be loaded. */
  error: string | null;
}

export const SETTINGS_MESSAGES = {
  loadFailed: 'Your settings could not be loaded.',
  currentRequired: 'Enter your current password.',
  wrongCurrent: 'That is not your current password.',
  samePassword: 'Choose a new password that differs from the current one.',
  passwordFailed: 'Your password could not be changed. Please try again.',
  passwordChanged: 'Your password was changed. Other devices were signed out.',
  noPassword: {
    google: 'You sign in with Google, so there is no password to change here.',
    guest: 'Guest accounts sign in without a password, so there is none to change.',
    email: 'This account has no password to change.',
  },
  prefsFailed: 'Your email preferences could not be saved.',
  prefsSaved: 'Your email preferences were saved.',
  emailForgotten: 'This device no longer remembers your email.',
  signOutFailed: 'Signing out the other devices did not work. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  deleted: 'Your account was deleted.',
  deleteMismatch: `Type ${DELETE_CONFIRMATION} to confirm.`,
} as const;

export const EMPTY_PASSWORD_FORM: PasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * The password change's field errors, all at once: the current password is needed, the new one
 * follows the registration rule (requirements §5) and differs from it, the confirmation matches.
 */
export function validatePasswordChange(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!form.currentPassword) errors.currentPassword = SETTINGS_MESSAGES.currentRequired;
  if (!form.newPassword) errors.newPassword = MESSAGES.passwordRequired;
  else if (!isStrongPassword(form.newPassword)) errors.newPassword = MESSAGES.passwordRule;
  else if (form.newPassword === form.currentPassword) errors.newPassword = SETTINGS_MESSAGES.samePassword;
  if (form.newPassword && form.confirmPassword !== form.newPassword)
    errors.confirmPassword = MESSAGES.passwordMismatch;
  return errors;
}

const hasAny = (errors: PasswordErrors): boolean => Object.values(errors).some(Boolean);

/** The delete dialog's word, typed exactly (case and all). */
export const deleteConfirmed = (text: string): boolean => text === DELETE_CONFIRMATION;

/** A toast (the `toast` actor) with these words. */
const toastParams = (kind: 'success' | 'error', message: string) => ({
  type: 'toast' as const,
  params: { kind, message },
});

/**
 * Account Settings (/settings): change the password (accounts with one), email preferences
 * (optimistic switches), forget the email this device remembers, sign out everywhere, and delete
 * the account. One request at a time; the two account-wide actions ask in a dialog first, and both
 * end the session here.
 */
export const settingsMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    tags: {} as
      | 'loading'
      | 'error'
      | 'ready'
      | 'busy'
      | 'changingPassword'
      | 'savingPrefs'
      | 'dialog'
      | 'signOutDialog'
      | 'deleteDialog'
      | 'ended',
  },
  actors: {
    fetchSettings: fromPromise<AccountSettings>(() => {
      throw new Error('fetchSettings must be provided');
    }),
    changePassword: fromPromise<PasswordAnswer, { currentPassword: string; newPassword: string }>(() => {
      throw new Error('changePassword must be provided');
    }),
    saveNotifications: fromPromise<AccountSettings, Partial<NotificationPrefs>>(() => {
      throw new Error('saveNotifications must be provided');
    }),
    signOutEverywhere: fromPromise<void>(() => {
      throw new Error('signOutEverywhere must be provided');
    }),
    deleteAccount: fromPromise<void, { confirm: string }>(() => {
      throw new Error('deleteAccount must be provided');
    }),
  },
  actions: {
    /** Removes the remembered email from this device (provided by src/: local storage). */
    forgetRememberedEmail: () => {},
    /** Home, after the account is gone (provided by src/: the router). */
    goHome: () => {},
    tellSessionToken: tell('session', (_, params: { token: string }) => ({
      type: 'session.tokenRefreshed',
      token: params.token,
    })),
    logOut: tell('session', {
      type: 'session.logout',
      automatic: false,
    }),
    /** The account is gone: no "You have been logged out" toast, ours says why. */
    logOutDeleted: tell('session', {
      type: 'session.logout',
      automatic: true,
    }),
    toast: tell('toast', (_, params: { kind: 'success' | 'error'; message: string }) => ({
      type: 'toast.show',
      ...params,
    })),
  },
  guards: {
    hasPassword: ({ context }) => context.settings?.hasPassword === true,
    passwordFormInvalid: ({ context }) => hasAny(validatePasswordChange(context.form)),
    passwordChangedOk: ({ event }) => 'output' in event && (event.output as PasswordAnswer).ok,
    wrongCurrent: ({ event }) =>
      'output' in event &&
      !(event.output as PasswordAnswer).ok &&
      (event.output as Extract<PasswordAnswer, { ok: false }>).reason === 'wrongCurrent',
    breaksRule: ({ event }) =>
      'output' in event &&
      !(event.output as PasswordAnswer).ok &&
      (event.output as Extract<PasswordAnswer, { ok: false }>).reason === 'rule',
    prefDiffers: ({ context, event }) =>
      event.type === 'settings.toggle' &&
      context.settings !== null &&
      context.settings.notifications[event.key] !== event.on,
    emailRemembered: ({ context }) => context.rememberedEmail !== null,
    deleteTyped: ({ context }) => deleteConfirmed(context.deleteText),
  },
}).createMachine({
  id: 'settings',
  context: {
    settings: null,
    rememberedEmail: null,
    form: EMPTY_PASSWORD_FORM,
    passwordErrors: {},
    passwordChanged: false,
    passwordFailure: null,
    previousPrefs: null,
    savingKey: null,
    prefsError: null,
    deleteText: '',
    dialogError: null,
    error: null,
  },
  initial: 'idle',
  on: {
    'settings.load': {
      target: '.loading',
      reenter: true,
      // every visit starts blank: nothing typed or said before lingers
      actions: assign(({ event }) => ({
        settings: null,
        rememberedEmail: event.rememberedEmail,
        form: EMPTY_PASSWORD_FORM,
        passwordErrors: {},
        passwordChanged: false,
        passwordFailure: null,
        previousPrefs: null,
        savingKey: null,
        prefsError: null,
        deleteText: '',
        dialogError: null,
      })),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'Account Settings has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, SETTINGS_MESSAGES.loadFailed) }),
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'settings.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'settings.passwordChanged': {
              guard: 'hasPassword',
              actions: assign({
                form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
                passwordErrors: ({ context, event }) => ({
                  ...context.passwordErrors,
                  [event.field]: undefined,
                }),
                passwordChanged: false,
                passwordFailure: null,
              }),
            },
            'settings.changePassword': [
              // the form is not offered to accounts without a password
              { guard: not('hasPassword') },
              {
                guard: 'passwordFormInvalid',
                actions: assign({
                  passwordErrors: ({ context }) => validatePasswordChange(context.form),
                  passwordChanged: false,
                }),
              },
              { target: 'changingPassword' },
            ],
            'settings.toggle': {
              guard: 'prefDiffers',
              target: 'savingPrefs',
              actions: assign(({ context, event }) => ({
                previousPrefs: context.settings!.notifications,
                savingKey: event.key,
                prefsError: null,
                settings: {
                  ...context.settings!,
                  notifications: { ...context.settings!.notifications, [event.key]: event.on },
                },
              })),
            },
            'settings.forgetEmail': {
              guard: 'emailRemembered',
              actions: [
                'forgetRememberedEmail',
                assign({ rememberedEmail: null }),
                toastParams('success', SETTINGS_MESSAGES.emailForgotten),
              ],
            },
            'settings.signOutEverywhere': {
              target: 'confirmingSignOut',
              actions: assign({ dialogError: null }),
            },
            'settings.deleteAccount': {
              target: 'confirmingDelete',
              actions: assign({ deleteText: '', dialogError: null }),
            },
          },
        },
        changingPassword: {
          tags: ['busy', 'changingPassword'],
          entry: assign({ passwordErrors: {}, passwordFailure: null, passwordChanged: false }),
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({
              currentPassword: context.form.currentPassword,
              newPassword: context.form.newPassword,
            }),
            onDone: [
              {
                guard: 'passwordChangedOk',
                target: 'editing',
                actions: [
                  {
                    type: 'tellSessionToken',
                    params: ({ event }) => ({
                      token: (event.output as Extract<PasswordAnswer, { ok: true }>).token,
                    }),
                  },
                  assign({ form: EMPTY_PASSWORD_FORM, passwordChanged: true }),
                ],
              },
              {
                guard: 'wrongCurrent',
                target: 'editing',
                actions: assign({
                  passwordErrors: ({ event }) => ({
                    currentPassword:
                      (event.output as Extract<PasswordAnswer, { ok: false }>).message ||
                      SETTINGS_MESSAGES.wrongCurrent,
                  }),
                }),
              },
              {
                guard: 'breaksRule',
                target: 'editing',
                actions: assign({
                  passwordErrors: ({ event }) => ({
                    newPassword:
                      (event.output as Extract<PasswordAnswer, { ok: false }>).message ||
                      MESSAGES.passwordRule,
                  }),
                }),
              },
              {
                // 409: the account has no password after all (it signs in another way)
                target: 'editing',
                actions: assign({
                  form: EMPTY_PASSWORD_FORM,
                  settings: ({ context }) =>
                    context.settings ? { ...context.settings, hasPassword: false } : null,
                }),
              },
            ],
            onError: {
              target: 'editing',
              actions: assign({
                passwordFailure: ({ event }) => errorMessage(event.error, SETTINGS_MESSAGES.passwordFailed),
              }),
            },
          },
        },
        savingPrefs: {
          tags: ['busy', 'savingPrefs'],
          invoke: {
            id: 'saveNotifications',
            src: 'saveNotifications',
            input: ({ context }) =>
              context.savingKey && context.settings
                ? { [context.savingKey]: context.settings.notifications[context.savingKey] }
                : {},
            onDone: {
              target: 'editing',
              actions: [
                assign({
                  settings: ({ context, event }) => ({
                    ...(context.settings ?? event.output),
                    notifications: event.output.notifications,
                  }),
                  previousPrefs: null,
                  savingKey: null,
                }),
                toastParams('success', SETTINGS_MESSAGES.prefsSaved),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                settings:
                  context.settings && context.previousPrefs
                    ? { ...context.settings, notifications: context.previousPrefs }
                    : context.settings,
                previousPrefs: null,
                savingKey: null,
                prefsError: errorMessage(event.error, SETTINGS_MESSAGES.prefsFailed),
              })),
            },
          },
        },
        confirmingSignOut: {
          tags: ['dialog', 'signOutDialog'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: '"Sign out everywhere?" Every device, this one too.',
          on: {
            'settings.signOutConfirm': 'signingOut',
            'settings.cancel': 'editing',
          },
        },
        signingOut: {
          tags: ['dialog', 'signOutDialog', 'busy'],
          invoke: {
            id: 'signOutEverywhere',
            src: 'signOutEverywhere',
            onDone: { target: '#settings.signedOut', actions: 'logOut' },
            onError: {
              target: 'confirmingSignOut',
              actions: assign({
                dialogError: ({ event }) => errorMessage(event.error, SETTINGS_MESSAGES.signOutFailed),
              }),
            },
          },
        },
        confirmingDelete: {
          tags: ['dialog', 'deleteDialog'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: "The danger zone's dialog: DELETE must be typed exactly; a failure is shown in it.",
          on: {
            'settings.deleteTextChanged': {
              actions: assign({ deleteText: ({ event }) => event.value, dialogError: null }),
            },
            'settings.deleteConfirm': { guard: 'deleteTyped', target: 'deleting' },
            'settings.cancel': { target: 'editing', actions: assign({ dialogError: null }) },
          },
        },
        deleting: {
          tags: ['dialog', 'deleteDialog', 'busy'],
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            input: () => ({ confirm: DELETE_CONFIRMATION }),
            onDone: {
              target: '#settings.deleted',
              actions: ['logOutDeleted', toastParams('success', SETTINGS_MESSAGES.deleted), 'goHome'],
            },
            onError: {
              target: 'confirmingDelete',
              actions: assign({
                dialogError: ({ event }) => errorMessage(event.error, SETTINGS_MESSAGES.deleteFailed),
              }),
            },
          },
        },
      },
    },
    signedOut: {
      tags: ['ended'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Every session of the account ended; the session logs this one out.',
    },
    deleted: {
      tags: ['ended'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'The account is gone; the session logged out and the page went home.',
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    settings: SettingsEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    settings: ActorRefFrom<typeof settingsMachine>;
  }
}

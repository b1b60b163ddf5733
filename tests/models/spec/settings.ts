// Account Settings (/settings, requirements §2: a signed-in page; docs/decisions/005-account.md). What
// should happen:
// - Opening it asks GET /api/my/settings, starting blank, with the email this device remembers (docs/requirements.md
//   §3: remember_email); a failure says why (else "Your settings could not be loaded.") and offers to
//   try again.
// - Password change (accounts with a password only): the current password is needed ("Enter your
//   current password."), the new one follows the registration rule (requirements §5: "Password is
//   required", the rule's text) and differs from the current one, the confirmation matches ("Passwords
//   do not match"). Typing in a field clears its error. The change (both passwords) answers a new token
//   for this session (the session is told) and "changed"; the server's refusals are said at their
//   field (wrong current password, the rule), or the form goes when the account has no password after
//   all; a network failure says why.
// - Email preferences: a switch is shown at once and saved (only that switch); saved, the server's
//   preferences are shown with "Your email preferences were saved."; a failure puts the switch back and
//   says why. One request at a time.
// - "Forget my email on this device" (only when one is remembered) forgets it and says so.
// - "Sign out everywhere" asks first; done, the session logs out (with its toast); a failure is said in
//   the dialog. "Delete account" wants DELETE typed exactly; done, the session logs out quietly, "Your
//   account was deleted." is said and the page goes home; a failure is said in the dialog.
import type { AccountSettings, NotificationPrefs } from '../../../domain/account.ts';
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';
import {
  awaits,
  dropping,
  failure,
  loadStatus,
  pageStep,
  send,
  startedCall,
  toast,
  type AnswerStep,
} from '../../support/page-model.ts';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
type PasswordForm = Record<PasswordField, string>;
type PasswordErrors = Partial<Record<PasswordField, string>>;
const PASSWORD_FIELDS: PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export type SettingsPhase =
  | 'idle'
  | 'loading'
  | 'loadFailed'
  | 'editing'
  | 'changingPassword'
  | 'savingPrefs'
  | 'confirmingSignOut'
  | 'signingOut'
  | 'confirmingDelete'
  | 'deleting'
  | 'signedOut'
  | 'deleted';

export interface SettingsState {
  phase: SettingsPhase;
  settings: AccountSettings | null;
  rememberedEmail: string | null;
  form: PasswordForm;
  passwordErrors: PasswordErrors;
  passwordChanged: boolean;
  passwordFailure: string | null;
  previousPrefs: NotificationPrefs | null;
  savingKey: keyof NotificationPrefs | null;
  prefsError: string | null;
  deleteText: string;
  dialogError: string | null;
  error: string | null;
  /** What the session and the toasts heard, in order. */
  heard: string[];
  /** What was done on this device: its storage forgot the email, the router went home. */
  did: string[];
  /** Calls abandoned while pending, by effect: their answers must change nothing. */
  dropped: Record<string, number>;
}

export const TEXT = {
  loadFailed: 'Your settings could not be loaded.',
  currentRequired: 'Enter your current password.',
  wrongCurrent: 'That is not your current password.',
  samePassword: 'Choose a new password that differs from the current one.',
  passwordRequired: 'Password is required',
  passwordRule:
    'Password must be at least 8 characters and include uppercase, lowercase, number, and special character',
  passwordMismatch: 'Passwords do not match',
  passwordFailed: 'Your password could not be changed. Please try again.',
  prefsFailed: 'Your email preferences could not be saved.',
  prefsSaved: 'Your email preferences were saved.',
  emailForgotten: 'This device no longer remembers your email.',
  signOutFailed: 'Signing out the other devices did not work. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  deleted: 'Your account was deleted.',
};

export const SETTINGS: AccountSettings = {
  notifications: { orderUpdates: true, supportReplies: true, promotions: false },
  hasPassword: true,
  provider: 'email',
};
const GOOGLE: AccountSettings = { ...SETTINGS, hasPassword: false, provider: 'google' };
const REMEMBERED = 'mina@example.com';
const EMPTY_FORM: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const STRONG = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;

/** The password form's errors, all at once, in the form's order. */
export const passwordErrorsOf = (form: PasswordForm): PasswordErrors => {
  const errors: PasswordErrors = {};
  if (!form.currentPassword) errors.currentPassword = TEXT.currentRequired;
  if (!form.newPassword) errors.newPassword = TEXT.passwordRequired;
  else if (!STRONG.test(form.newPassword)) errors.newPassword = TEXT.passwordRule;
  else if (form.newPassword === form.currentPassword) errors.newPassword = TEXT.samePassword;
  if (form.newPassword && form.confirmPassword !== form.newPassword)
    errors.confirmPassword = TEXT.passwordMismatch;
  return errors;
};

/** Which part of the page a model's paths go through (each keeps its state space small). */
export type SettingsFocus = 'load' | 'passwordChecks' | 'passwordAnswers' | 'prefs' | 'dialogs';

const FETCH = 'fetchSettings';
const CHANGE = 'changePassword';
const SAVE = 'saveNotifications';
const SIGN_OUT = 'signOutEverywhere';
const DELETE = 'deleteAccount';
const CALL_OF: Partial<Record<SettingsPhase, string>> = {
  loading: FETCH,
  changingPassword: CHANGE,
  savingPrefs: SAVE,
  signingOut: SIGN_OUT,
  deleting: DELETE,
};

export const settingsSpec = (focus: SettingsFocus): SpecModel<SettingsState> => {
  const initial: SettingsState = {
    phase: 'idle',
    settings: null,
    rememberedEmail: null,
    form: EMPTY_FORM,
    passwordErrors: {},
    passwordChanged: false,
    passwordFailure: null,
    previousPrefs: null,
    savingKey: null,
    prefsError: null,
    deleteText: '',
    dialogError: null,
    error: null,
    heard: [],
    did: [],
    dropped: {},
  };
  const hasPassword = (s: SettingsState) => s.settings?.hasPassword === true;

  const onSend = (s: SettingsState, event: { type: string; [k: string]: unknown }): SettingsState => {
    if (event.type === 'settings.load') {
      return {
        ...initial,
        phase: 'loading',
        rememberedEmail: event.rememberedEmail as string | null,
        heard: s.heard,
        did: s.did,
        dropped: dropping(s.dropped, CALL_OF[s.phase]),
      };
    }
    switch (s.phase) {
      case 'loadFailed':
        return event.type === 'settings.retry' ? { ...s, phase: 'loading', error: null } : s;
      case 'confirmingSignOut':
        if (event.type === 'settings.signOutConfirm') return { ...s, phase: 'signingOut' };
        if (event.type === 'settings.cancel') return { ...s, phase: 'editing' };
        return s;
      case 'confirmingDelete':
        if (event.type === 'settings.deleteTextChanged')
          return { ...s, deleteText: event.value as string, dialogError: null };
        if (event.type === 'settings.deleteConfirm')
          return s.deleteText === 'DELETE' ? { ...s, phase: 'deleting' } : s;
        if (event.type === 'settings.cancel') return { ...s, phase: 'editing', dialogError: null };
        return s;
      case 'editing':
        break;
      default:
        return s;
    }
    switch (event.type) {
      case 'settings.passwordChanged': {
        if (!hasPassword(s)) return s;
        const field = event.field as PasswordField;
        const passwordErrors = { ...s.passwordErrors };
        delete passwordErrors[field];
        return {
          ...s,
          form: { ...s.form, [field]: event.value as string },
          passwordErrors,
          passwordChanged: false,
          passwordFailure: null,
        };
      }
      case 'settings.changePassword': {
        if (!hasPassword(s)) return s;
        const errors = passwordErrorsOf(s.form);
        if (Object.keys(errors).length) return { ...s, passwordErrors: errors, passwordChanged: false };
        return {
          ...s,
          phase: 'changingPassword',
          passwordErrors: {},
          passwordFailure: null,
          passwordChanged: false,
        };
      }
      case 'settings.toggle': {
        const key = event.key as keyof NotificationPrefs;
        if (!s.settings || s.settings.notifications[key] === event.on) return s;
        return {
          ...s,
          phase: 'savingPrefs',
          previousPrefs: s.settings.notifications,
          savingKey: key,
          prefsError: null,
          settings: {
            ...s.settings,
            notifications: { ...s.settings.notifications, [key]: event.on as boolean },
          },
        };
      }
      case 'settings.forgetEmail':
        return s.rememberedEmail === null
          ? s
          : {
              ...s,
              rememberedEmail: null,
              heard: [...s.heard, toast('success', TEXT.emailForgotten)],
              did: [...s.did, 'forgetRememberedEmail'],
            };
      case 'settings.signOutEverywhere':
        return { ...s, phase: 'confirmingSignOut', dialogError: null };
      case 'settings.deleteAccount':
        return { ...s, phase: 'confirmingDelete', deleteText: '', dialogError: null };
      default:
        return s;
    }
  };

  const onAnswer = (s: SettingsState, step: AnswerStep, actor: string): SettingsState => {
    if (CALL_OF[s.phase] !== actor) return s;
    const error = 'fail' in step ? step.error : undefined;
    const ok = 'settle' in step;
    switch (s.phase) {
      case 'loading':
        return ok
          ? { ...s, phase: 'editing', settings: step.output as AccountSettings }
          : { ...s, phase: 'loadFailed', error: failure(error, TEXT.loadFailed) };
      case 'changingPassword': {
        if (!ok) return { ...s, phase: 'editing', passwordFailure: failure(error, TEXT.passwordFailed) };
        const answer = step.output as
          { ok: true; token: string } | { ok: false; reason: string; message: string };
        if (answer.ok)
          return {
            ...s,
            phase: 'editing',
            form: EMPTY_FORM,
            passwordChanged: true,
            heard: [...s.heard, `session.tokenRefreshed ${answer.token}`],
          };
        if (answer.reason === 'wrongCurrent')
          return {
            ...s,
            phase: 'editing',
            passwordErrors: { currentPassword: answer.message || TEXT.wrongCurrent },
          };
        if (answer.reason === 'rule')
          return {
            ...s,
            phase: 'editing',
            passwordErrors: { newPassword: answer.message || TEXT.passwordRule },
          };
        // the account has no password after all (it signs in another way): the form goes
        return { ...s, phase: 'editing', form: EMPTY_FORM, settings: { ...s.settings!, hasPassword: false } };
      }
      case 'savingPrefs':
        if (!ok)
          return {
            ...s,
            phase: 'editing',
            settings: { ...s.settings!, notifications: s.previousPrefs! },
            previousPrefs: null,
            savingKey: null,
            prefsError: failure(error, TEXT.prefsFailed),
          };
        return {
          ...s,
          phase: 'editing',
          settings: { ...s.settings!, notifications: (step.output as AccountSettings).notifications },
          previousPrefs: null,
          savingKey: null,
          heard: [...s.heard, toast('success', TEXT.prefsSaved)],
        };
      case 'signingOut':
        return ok
          ? { ...s, phase: 'signedOut', heard: [...s.heard, 'session.logout false'] }
          : { ...s, phase: 'confirmingSignOut', dialogError: failure(error, TEXT.signOutFailed) };
      case 'deleting':
        return ok
          ? {
              ...s,
              phase: 'deleted',
              heard: [...s.heard, 'session.logout true', toast('success', TEXT.deleted)],
              did: [...s.did, 'goHome'],
            }
          : { ...s, phase: 'confirmingDelete', dialogError: failure(error, TEXT.deleteFailed) };
      default:
        return s;
    }
  };

  const next = pageStep(onSend, onAnswer);

  const type = (field: PasswordField, value: string) => send('settings.passwordChanged', { field, value });

  const answers = (s: SettingsState): SpecStep[] => {
    const pending = (actor: string) => awaits(CALL_OF, s, actor);
    const out: SpecStep[] = [];
    if (pending(FETCH))
      out.push(
        { settle: FETCH, output: SETTINGS },
        ...(focus === 'load'
          ? [
              { settle: FETCH, output: GOOGLE },
              { fail: FETCH, error: 'offline' },
              { fail: FETCH, error: new Error('Please sign in again.') },
            ]
          : []),
      );
    if (pending(CHANGE))
      out.push(
        { settle: CHANGE, output: { ok: true, token: 'new.token.here' } },
        { settle: CHANGE, output: { ok: false, reason: 'wrongCurrent', message: '' } },
        {
          settle: CHANGE,
          output: { ok: false, reason: 'wrongCurrent', message: 'Wrong password (2 tries left)' },
        },
        { settle: CHANGE, output: { ok: false, reason: 'rule', message: '' } },
        { settle: CHANGE, output: { ok: false, reason: 'rule', message: 'Too common a password' } },
        { settle: CHANGE, output: { ok: false, reason: 'noPassword', message: 'No password here' } },
        { fail: CHANGE, error: 'offline' },
        { fail: CHANGE, error: new Error('Server busy') },
      );
    if (pending(SAVE))
      out.push(
        // the server's preferences as they are now (another device changed one meanwhile)
        {
          settle: SAVE,
          output: {
            ...GOOGLE,
            notifications: { orderUpdates: false, supportReplies: true, promotions: true },
          },
        },
        { fail: SAVE, error: 'offline' },
        { fail: SAVE, error: new Error('Server busy') },
      );
    if (pending(SIGN_OUT)) out.push({ settle: SIGN_OUT }, { fail: SIGN_OUT, error: 'offline' });
    if (pending(DELETE)) out.push({ settle: DELETE }, { fail: DELETE, error: 'offline' });
    return out;
  };

  const steps = (s: SettingsState): SpecStep[] => {
    const load = send('settings.load', { rememberedEmail: focus === 'dialogs' ? REMEMBERED : null });
    if (s.phase === 'idle') return [load];
    if (s.phase !== 'editing') {
      const extra: SpecStep[] = [];
      if (s.phase === 'loadFailed') extra.push(send('settings.retry'));
      if (s.phase === 'confirmingSignOut')
        extra.push(send('settings.signOutConfirm'), send('settings.cancel'));
      if (s.phase === 'confirmingDelete')
        extra.push(
          ...(s.deleteText === 'DELETE'
            ? [send('settings.deleteTextChanged', { value: 'delete' })]
            : [send('settings.deleteTextChanged', { value: 'DELETE' })]),
          send('settings.deleteConfirm'),
          send('settings.cancel'),
        );
      if (s.phase === 'signedOut' || s.phase === 'deleted') extra.push(load);
      if (focus === 'load' || (focus === 'dialogs' && s.phase === 'deleting')) extra.push(load);
      if (focus === 'prefs' && s.phase === 'savingPrefs')
        extra.push(
          send('settings.toggle', { key: 'orderUpdates', on: false }),
          send('settings.deleteAccount'),
        );
      return [...answers(s), ...extra];
    }
    switch (focus) {
      case 'load':
        return [
          load,
          send('settings.retry'),
          type('currentPassword', 'Old@12345'),
          send('settings.changePassword'),
          send('settings.toggle', { key: 'promotions', on: true }),
        ];
      case 'passwordChecks':
        return [
          ...(s.form.currentPassword ? [] : [type('currentPassword', 'Old@12345')]),
          ...['weakpass', 'Old@12345', 'New@12345']
            .filter((v) => v !== s.form.newPassword)
            .map((v) => type('newPassword', v)),
          ...(s.form.confirmPassword ? [] : [type('confirmPassword', 'New@12345')]),
          send('settings.changePassword'),
        ];
      case 'passwordAnswers': {
        // the form filled in, in order, then sent; then each answer and what typing does after it
        const fill = PASSWORD_FIELDS.find((f) => !s.form[f]);
        const values: PasswordForm = {
          currentPassword: 'Old@12345',
          newPassword: 'New@12345',
          confirmPassword: 'New@12345',
        };
        return [
          ...(fill ? [type(fill, values[fill])] : [send('settings.changePassword')]),
          ...(Object.keys(s.passwordErrors).length || s.passwordChanged || s.passwordFailure
            ? [type('currentPassword', 'Old@123456'), type('newPassword', 'New@123456')]
            : []),
        ];
      }
      case 'prefs':
        return [
          send('settings.toggle', { key: 'promotions', on: true }),
          send('settings.toggle', { key: 'orderUpdates', on: true }),
          send('settings.toggle', { key: 'orderUpdates', on: false }),
        ];
      case 'dialogs':
        return [
          send('settings.forgetEmail'),
          send('settings.signOutEverywhere'),
          send('settings.deleteAccount'),
        ];
    }
  };

  const ended = (s: SettingsState) => s.phase === 'signedOut' || s.phase === 'deleted';
  return {
    name: 'settings',
    spec: `requirements §2 (/settings), §3 (remember_email), §5 (password) and docs/decisions/005-account.md (${focus})`,
    initial,
    steps,
    next,
    expect: (s) => ({
      // the effect under way, by name
      running: CALL_OF[s.phase] ? [CALL_OF[s.phase]] : [],
      status: loadStatus(s.phase, ended(s)),
      error: s.error,
      dialog:
        s.phase === 'confirmingSignOut' || s.phase === 'signingOut'
          ? 'signOut'
          : s.phase === 'confirmingDelete' || s.phase === 'deleting'
            ? 'delete'
            : null,
      dialogOpen: ['confirmingSignOut', 'signingOut', 'confirmingDelete', 'deleting'].includes(s.phase),
      busy: ['changingPassword', 'savingPrefs', 'signingOut', 'deleting'].includes(s.phase),
      settings: s.settings,
      passwordForm: s.form,
      passwordErrors: Object.fromEntries(
        PASSWORD_FIELDS.filter((f) => s.passwordErrors[f]).map((f) => [f, s.passwordErrors[f]]),
      ),
      passwordChanged: s.passwordChanged,
      passwordFailure: s.passwordFailure,
      changingPassword: s.phase === 'changingPassword',
      notifications: s.settings?.notifications ?? null,
      savingKey: s.phase === 'savingPrefs' ? s.savingKey : null,
      prefsError: s.prefsError,
      rememberedEmail: s.rememberedEmail,
      deleteText: s.deleteText,
      dialogError: s.dialogError,
      heard: s.heard,
      did: s.did,
    }),
    calls: (before, _step, after) => {
      const actor = startedCall(CALL_OF, before, after);
      if (!actor) return [];
      const input =
        actor === CHANGE
          ? { currentPassword: after.form.currentPassword, newPassword: after.form.newPassword }
          : actor === SAVE
            ? { [after.savingKey!]: after.settings!.notifications[after.savingKey!] }
            : actor === DELETE
              ? { confirm: 'DELETE' }
              : undefined;
      return [{ actor, input }];
    },
    label: (s) => {
      const parts: string[] = [s.phase];
      const errs = Object.keys(s.passwordErrors);
      if (errs.length) parts.push(`errors ${errs.join(',')}`);
      if (s.passwordChanged) parts.push('changed');
      if (s.passwordFailure) parts.push(`"${s.passwordFailure}"`);
      if (s.prefsError) parts.push(`"${s.prefsError}"`);
      if (s.dialogError) parts.push(`"${s.dialogError}"`);
      if (s.error) parts.push(`"${s.error}"`);
      return parts.join(', ');
    },
    maxDepth: focus === 'passwordAnswers' ? 8 : focus === 'passwordChecks' || focus === 'dialogs' ? 6 : 5,
  };
};

import type { SnapshotFrom } from 'xstate';
import type { FieldErrors } from '../../domain/validation.ts';
import type { DialogMode, LoginForm, loginDialogMachine } from './login-dialog.ts';

type Snapshot = SnapshotFrom<typeof loginDialogMachine>;

/** The dialog is on screen (nothing is rendered while it is closed). */
export const open = (s: Snapshot): boolean => s.hasTag('open');

/** Which panel the dialog shows: the provider list, the email login form or the register form. */
export const mode = (s: Snapshot): DialogMode =>
  s.hasTag('registerForm') ? 'register' : s.hasTag('loginForm') ? 'login' : 'providers';

/** A sign-in is under way: the buttons are disabled and the status line shows with its spinner. */
export const busy = (s: Snapshot): boolean => s.hasTag('busy');

/** The status line shown with the spinner while busy. */
export const status = (s: Snapshot): string | null => s.context.status;

/** The general message (requirements §8 errors). */
export const message = (s: Snapshot): string | null => s.context.message;

export const form = (s: Snapshot): LoginForm => s.context.form;

/** What each field says is wrong with it. */
export const errors = (s: Snapshot): FieldErrors => s.context.errors;

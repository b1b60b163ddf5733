import '../styles/forms.css';
import '../styles/dialog.css';
import '../styles/auth.css';
import { Link } from '@tanstack/react-router';
import { useId, type FormEvent, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { canSubmitLogin, passwordChecklist, type FieldName } from '../../domain/validation.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, ChevronLeftIcon, CloseIcon, GoogleIcon, MailIcon, UserIcon } from '../ui/icons.tsx';
import { LogoMark } from '../ui/logo.tsx';
import { Modal } from '../ui/modal.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as dialogView from '../../machines/auth/login-dialog.selectors.ts';
import type { LoginDialogEvent } from '../../machines/auth/login-dialog.ts';
import { TextField } from '../ui/text-field.tsx';
import { BotCheckNote } from '../bot-check/bot-check-note.tsx';

/** requirements §1: google is the only social provider offered. */
const PROVIDERS = ['Google'] as const;

export const LOGIN_TEXTS = {
  loginTitle: `Log in to ${PRODUCT_NAME}`,
  registerTitle: `Sign up for ${PRODUCT_NAME}`,
  passwordHint: 'At least 8 characters with 1 uppercase, 1 lowercase, 1 number, 1 special character',
  toLogin: 'Already have an account? Log in',
  toRegister: "Don't have an account? Sign up",
  emailPlaceholder: 'you@example.com',
} as const;

/**
 * The login / sign-up dialog (requirements §2, §4): a projection of the `loginDialog` actor. Nothing is
 * rendered while it is closed.
 */
export function LoginDialog() {
  const open = useSystemSelector('loginDialog', dialogView.open);
  return open ? <LoginDialogPanel /> : null;
}

export function LoginDialogPanel() {
  const dialog = useSystemActor('loginDialog');
  const state = useSystemSelector('loginDialog', stateOf);
  const mode = useSystemSelector('loginDialog', dialogView.mode);
  const busy = useSystemSelector('loginDialog', dialogView.busy);
  const status = useSystemSelector('loginDialog', dialogView.status);
  const message = useSystemSelector('loginDialog', dialogView.message);
  const titleId = useId();
  const title = mode === 'register' ? LOGIN_TEXTS.registerTitle : LOGIN_TEXTS.loginTitle;

  return (
    <Modal
      labelledBy={titleId}
      state={state}
      focusKey={state}
      onDismiss={() => dialog.send({ type: 'dialog.close' })}
      className="auth-dialog"
    >
      <button
        type="button"
        className="modal__close"
        aria-label="Close"
        onClick={() => dialog.send({ type: 'dialog.close' })}
      >
        <CloseIcon size={20} />
      </button>
      <div className="auth-dialog__header">
        <LogoMark size={40} />
        <h2 id={titleId} className="auth-dialog__title">
          {title}
        </h2>
        <p className="auth-dialog__lead">
          {mode === 'register'
            ? 'Create an account to unlock prompts and keep your FruitCoins.'
            : 'Unlock prompts, collect FruitCoins and keep your orders in one place.'}
        </p>
      </div>

      <div className="auth-status" role="status" aria-live="polite">
        {busy && status ? (
          <>
            <Spinner size={16} />
            <span>{status}</span>
          </>
        ) : null}
      </div>
      {message ? (
        <div className="auth-alert" role="alert">
          <AlertIcon size={18} className="auth-alert__icon" />
          <p>{message}</p>
        </div>
      ) : null}

      {mode === 'providers' ? <ProviderList busy={busy} /> : null}
      {mode === 'login' ? <LoginForm busy={busy} /> : null}
      {mode === 'register' ? <RegisterForm busy={busy} /> : null}

      <p className="auth-dialog__toggle">
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => dialog.send({ type: mode === 'register' ? 'dialog.toLogin' : 'dialog.toRegister' })}
        >
          {mode === 'register' ? 'Already have an account? ' : "Don't have an account? "}
          <span className="link-button__accent">{mode === 'register' ? 'Log in' : 'Sign up'}</span>
        </button>
      </p>
      <p className="auth-dialog__legal">
        By continuing, you agree to the{' '}
        <Link to="/terms" target="_blank" rel="noopener">
          Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
        </Link>{' '}
        and{' '}
        <Link to="/privacy" target="_blank" rel="noopener">
          Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
        </Link>
      </p>
    </Modal>
  );
}

function ProviderList({ busy }: { busy: boolean }) {
  return (
    <div className="auth-providers">
      {PROVIDERS.map((provider, index) => (
        <WayIn key={provider} busy={busy} event={{ type: 'social.start', provider }} autoFocus={index === 0}>
          <GoogleIcon size={20} />
          Continue with {provider}
        </WayIn>
      ))}
      <div className="auth-divider">
        <span>OR</span>
      </div>
      <WayIn busy={busy} event={{ type: 'dialog.continueWithEmail' }}>
        <MailIcon size={20} />
        Continue with Email
      </WayIn>
      <WayIn busy={busy} event={{ type: 'guest.start' }} quiet>
        <UserIcon size={20} />
        Continue as guest
      </WayIn>
      <BotCheckNote />
    </div>
  );
}

/** A way in offered first: a button that sends the dialog its event, locked while the dialog is busy. */
function WayIn({
  busy,
  event,
  quiet = false,
  autoFocus = false,
  children,
}: {
  busy: boolean;
  event: LoginDialogEvent;
  quiet?: boolean;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  const dialog = useSystemActor('loginDialog');
  return (
    <button
      type="button"
      className={quiet ? 'btn btn--provider btn--quiet' : 'btn btn--provider'}
      disabled={busy}
      data-autofocus={autoFocus ? '' : undefined}
      onClick={() => dialog.send(event)}
    >
      {children}
    </button>
  );
}

/**
 * A field of the dialog's form: its value and error from the machine, each keystroke and leaving it
 * sent back (the machine checks it), and locked while the dialog is busy.
 */
function DialogField({
  field,
  busy,
  ...shown
}: { field: FieldName; busy: boolean } & Pick<
  Parameters<typeof TextField>[0],
  'label' | 'type' | 'name' | 'autoComplete' | 'placeholder' | 'hint' | 'autoFocus'
>) {
  const dialog = useSystemActor('loginDialog');
  const form = useSystemSelector('loginDialog', dialogView.form);
  const errors = useSystemSelector('loginDialog', dialogView.errors);
  return (
    <TextField
      {...shown}
      value={form[field]}
      error={errors[field]}
      disabled={busy}
      onChange={(value) => dialog.send({ type: 'field.change', field, value })}
      onBlur={() => dialog.send({ type: 'field.blur', field })}
    />
  );
}

/**
 * Both forms: sent to the machine, which validates (requirements §5); the email field first, the
 * form's own fields, then Back and the form's button.
 */
function AuthForm({
  label,
  submit,
  action,
  canSubmit,
  busy,
  children,
}: {
  label: string;
  submit: 'login.submit' | 'register.submit';
  action: string;
  canSubmit: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  const dialog = useSystemActor('loginDialog');
  const remembered = Boolean(useSystemSelector('loginDialog', dialogView.form).email);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dialog.send({ type: submit });
  };
  return (
    <form className="auth-form" noValidate aria-label={label} onSubmit={onSubmit}>
      {/* focused first unless an address is remembered */}
      <DialogField
        field="email"
        busy={busy}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder={LOGIN_TEXTS.emailPlaceholder}
        autoFocus={!remembered}
      />
      {children}
      <div className="auth-form__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => dialog.send({ type: 'dialog.back' })}
        >
          <ChevronLeftIcon size={18} />
          Back
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy || !canSubmit}>
          {action}
        </button>
      </div>
    </form>
  );
}

function LoginForm({ busy }: { busy: boolean }) {
  const dialog = useSystemActor('loginDialog');
  const form = useSystemSelector('loginDialog', dialogView.form);
  return (
    <AuthForm
      label="Log in with email"
      submit="login.submit"
      action="Log in"
      canSubmit={canSubmitLogin(form)}
      busy={busy}
    >
      <DialogField
        field="password"
        busy={busy}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        autoFocus={Boolean(form.email)}
      />
      <label className="check">
        <input
          type="checkbox"
          className="check__box"
          checked={form.rememberMe}
          disabled={busy}
          onChange={(event) => dialog.send({ type: 'field.rememberMe', checked: event.target.checked })}
        />
        <span>Remember me</span>
      </label>
    </AuthForm>
  );
}

/** Each part of requirements §5's rule, ticked as the typed password meets it (issue 15). */
function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="password-checklist" aria-label="Password requirements">
      {passwordChecklist(password).map((check) => (
        <li key={check.label} className={check.met ? 'password-checklist__item--met' : undefined}>
          <span aria-hidden="true" className="password-checklist__mark">
            {check.met ? '✓' : '•'}
          </span>
          {check.label}
          <span className="visually-hidden">{check.met ? ', met' : ', not met'}</span>
        </li>
      ))}
    </ul>
  );
}

function RegisterForm({ busy }: { busy: boolean }) {
  const form = useSystemSelector('loginDialog', dialogView.form);
  return (
    <AuthForm label="Sign up with email" submit="register.submit" action="Sign up" canSubmit busy={busy}>
      <DialogField
        field="password"
        busy={busy}
        label="Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={LOGIN_TEXTS.passwordHint}
        autoFocus={Boolean(form.email)}
      />
      <PasswordChecklist password={form.password} />
      <DialogField
        field="confirmPassword"
        busy={busy}
        label="Confirm password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
      />
      <BotCheckNote />
    </AuthForm>
  );
}

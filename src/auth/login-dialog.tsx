import '../styles/forms.css';
import '../styles/dialog.css';
import '../styles/auth.css';
import { Link } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { canSubmitLogin, passwordChecklist, type FieldName } from '../../domain/validation.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, ChevronLeftIcon, CloseIcon, GoogleIcon, MailIcon, UserIcon } from '../ui/icons.tsx';
import { LogoMark } from '../ui/logo.tsx';
import { Modal } from '../ui/modal.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as dialogView from '../../machines/auth/login-dialog.selectors.ts';
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
        {mode === 'register' ? (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => dialog.send({ type: 'dialog.toLogin' })}
          >
            Already have an account? <span className="link-button__accent">Log in</span>
          </button>
        ) : (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => dialog.send({ type: 'dialog.toRegister' })}
          >
            Don&apos;t have an account? <span className="link-button__accent">Sign up</span>
          </button>
        )}
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
  const dialog = useSystemActor('loginDialog');
  return (
    <div className="auth-providers">
      {PROVIDERS.map((provider, index) => (
        <button
          key={provider}
          type="button"
          className="btn btn--provider"
          disabled={busy}
          data-autofocus={index === 0 ? '' : undefined}
          onClick={() => dialog.send({ type: 'social.start', provider })}
        >
          <GoogleIcon size={20} />
          Continue with {provider}
        </button>
      ))}
      <div className="auth-divider">
        <span>OR</span>
      </div>
      <button
        type="button"
        className="btn btn--provider"
        disabled={busy}
        onClick={() => dialog.send({ type: 'dialog.continueWithEmail' })}
      >
        <MailIcon size={20} />
        Continue with Email
      </button>
      <button
        type="button"
        className="btn btn--provider btn--quiet"
        disabled={busy}
        onClick={() => dialog.send({ type: 'guest.start' })}
      >
        <UserIcon size={20} />
        Continue as guest
      </button>
      <BotCheckNote />
    </div>
  );
}

function useFormProjection() {
  const dialog = useSystemActor('loginDialog');
  const form = useSystemSelector('loginDialog', dialogView.form);
  const errors = useSystemSelector('loginDialog', dialogView.errors);
  const change = (field: FieldName) => (value: string) => dialog.send({ type: 'field.change', field, value });
  const leave = (field: FieldName) => () => dialog.send({ type: 'field.blur', field });
  return { dialog, form, errors, change, leave };
}

function BackButton({ busy }: { busy: boolean }) {
  const dialog = useSystemActor('loginDialog');
  return (
    <button
      type="button"
      className="btn btn--secondary"
      disabled={busy}
      onClick={() => dialog.send({ type: 'dialog.back' })}
    >
      <ChevronLeftIcon size={18} />
      Back
    </button>
  );
}

/** Both forms send their submit to the machine, which validates (requirements §5). */
const submitAs =
  (
    dialog: { send: (event: { type: 'login.submit' | 'register.submit' }) => void },
    type: 'login.submit' | 'register.submit',
  ) =>
  (event: FormEvent) => {
    event.preventDefault();
    dialog.send({ type });
  };

/** The email field both forms open with; focused first unless an address is remembered. */
function EmailField({ busy }: { busy: boolean }) {
  const { form, errors, change, leave } = useFormProjection();
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      placeholder={LOGIN_TEXTS.emailPlaceholder}
      value={form.email}
      error={errors.email}
      disabled={busy}
      autoFocus={!form.email}
      onChange={change('email')}
      onBlur={leave('email')}
    />
  );
}

function LoginForm({ busy }: { busy: boolean }) {
  const { dialog, form, errors, change, leave } = useFormProjection();
  return (
    <form
      className="auth-form"
      noValidate
      aria-label="Log in with email"
      onSubmit={submitAs(dialog, 'login.submit')}
    >
      <EmailField busy={busy} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={form.password}
        error={errors.password}
        disabled={busy}
        autoFocus={Boolean(form.email)}
        onChange={change('password')}
        onBlur={leave('password')}
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
      <div className="auth-form__actions">
        <BackButton busy={busy} />
        <button type="submit" className="btn btn--primary" disabled={busy || !canSubmitLogin(form)}>
          Log in
        </button>
      </div>
    </form>
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
  const { dialog, form, errors, change, leave } = useFormProjection();
  return (
    <form
      className="auth-form"
      noValidate
      aria-label="Sign up with email"
      onSubmit={submitAs(dialog, 'register.submit')}
    >
      <EmailField busy={busy} />
      <TextField
        label="Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={form.password}
        error={errors.password}
        hint={LOGIN_TEXTS.passwordHint}
        disabled={busy}
        autoFocus={Boolean(form.email)}
        onChange={change('password')}
        onBlur={leave('password')}
      />
      <PasswordChecklist password={form.password} />
      <TextField
        label="Confirm password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={form.confirmPassword}
        error={errors.confirmPassword}
        disabled={busy}
        onChange={change('confirmPassword')}
        onBlur={leave('confirmPassword')}
      />
      <BotCheckNote />
      <div className="auth-form__actions">
        <BackButton busy={busy} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Sign up
        </button>
      </div>
    </form>
  );
}

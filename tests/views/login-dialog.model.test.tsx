// The login dialog's model paths (generated from loginDialogMachine itself) replayed against the
// rendered app: every step becomes what a person does (a click or typing, found by role and name)
// or the settling of a fake sign-in call, and after every step the dialog on screen must show what
// the path's expected state holds: mode (`data-state`), title, status line, message, field errors.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { SignInResult } from '../../domain/session-user.ts';
import { systemActor } from '../../src/app/app-system.ts';
import { stateString } from '../../machines/system/selectors.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { loginDialogPageModel } from '../models/login-dialog.ts';
import { pathsOf } from '../models/types.ts';
import { controllable, settle } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';

const EMAIL = 'demo@example.com';

// The dialog's page walk (tests/models/login-dialog.ts): a small sample set, as the app opens the
// dialog, and only the steps a person can take in the rendered app (no social sign-in: it needs the
// popup window, its paths are left to the social-login machine tests).
const generated = pathsOf(loginDialogPageModel);
// A path that another one extends is replayed, step by step, inside the longer one.
const paths = generated.filter(
  (p) => !generated.some((q) => q !== p && q.description.startsWith(`${p.description} · `)),
);

const FIELD_LABELS = { email: 'Email', password: 'Password', confirmPassword: 'Confirm password' } as const;
const DIALOG_NAME = /^(Log in to|Sign up for) FruitPrompt$/;

const loginDialog = () => screen.queryByRole('dialog', { name: DIALOG_NAME });
const notice = () => screen.queryByRole('dialog', { name: 'Verify your email first' });

async function startApp() {
  const fakes = {
    emailLogin: controllable<[{ email: string; password: string }], SignInResult>(),
    emailRegister: controllable<
      [{ email: string; password: string; confirmPassword: string }],
      SignInResult
    >(),
    guestLogin: controllable<[], SignInResult>(),
  };
  const app = await renderApp(
    '/verifyemail-modelpath-token.html',
    {},
    {
      effects: fakeEffects({
        emailLogin: fakes.emailLogin.fn,
        emailRegister: fakes.emailRegister.fn,
        guestLogin: fakes.guestLogin.fn,
        verifyEmail: async () => ({ status: 'verified', email: EMAIL }),
      }),
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Your email is verified' });
  return { ...app, fakes };
}

type App = Awaited<ReturnType<typeof startApp>>;

/** A person closes "Verify your email first" before going on with the login dialog under it. */
async function closeNotice(app: App) {
  const open = notice();
  if (open) await app.user.click(within(open).getByRole('button', { name: 'Close' }));
}

async function perform(app: App, event: AnyEventObject) {
  const { user } = app;
  const dialog = () => within(loginDialog()!);
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'dialog.open':
      if (event.mode === 'register') {
        localStorage.setItem('remember_email', event.rememberedEmail);
        fireEvent(window, new Event('switch-to-register'));
        localStorage.removeItem('remember_email');
      } else if (event.mode === 'login') {
        await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
      } else {
        await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' }));
      }
      return;
    case 'session.loggedIn':
      // Logged in some other way (another tab, the popup): the session tells the dialog.
      systemActor(app.system, 'session').send({
        type: 'session.signedIn',
        token: 'other.tab.token',
        userData: { userId: 'u-2', name: 'Other Tab' },
        now: Date.now(),
      });
      await settle();
      return;
    case 'xstate.done.actor.emailLogin':
    case 'xstate.done.actor.emailRegister':
    case 'xstate.done.actor.guestLogin': {
      const name = event.type.split('.').pop() as keyof App['fakes'];
      await app.fakes[name].resolve(event.output);
      return;
    }
    case 'xstate.error.actor.emailLogin':
    case 'xstate.error.actor.emailRegister':
    case 'xstate.error.actor.guestLogin': {
      const name = event.type.split('.').pop() as keyof App['fakes'];
      await app.fakes[name].reject(event.error);
      return;
    }
  }
  await closeNotice(app);
  // Inside the dialog each step is one event and nothing more: a click that does not move the focus
  // and typing into a field without entering it, so no field is left (blurred) unless the path says
  // so with its own step, field.blur, which is the field losing focus.
  const press = async (name: string) => {
    fireEvent.click(dialog().getByRole('button', { name }));
    await settle();
  };
  switch (event.type) {
    case 'dialog.close':
      // After a sign-in the session has already closed the dialog.
      if (loginDialog()) await press('Close');
      return;
    case 'dialog.continueWithEmail':
      return press('Continue with Email');
    case 'guest.start':
      return press('Continue as guest');
    case 'dialog.toRegister':
      return press("Don't have an account? Sign up");
    case 'dialog.toLogin':
      return press('Already have an account? Log in');
    case 'dialog.back':
      return press('Back');
    case 'field.change': {
      const field = dialog().getByLabelText(FIELD_LABELS[event.field as keyof typeof FIELD_LABELS]);
      fireEvent.change(field, { target: { value: event.value } });
      await settle();
      return;
    }
    case 'field.blur': {
      fireEvent.blur(dialog().getByLabelText(FIELD_LABELS[event.field as keyof typeof FIELD_LABELS]));
      await settle();
      return;
    }
    case 'field.rememberMe': {
      const box = dialog().getByRole('checkbox', { name: 'Remember me' });
      if ((box as HTMLInputElement).checked !== event.checked) fireEvent.click(box);
      await settle();
      return;
    }
    case 'login.submit': {
      const submit = dialog().getByRole('button', { name: 'Log in' });
      // SPEC.md §5: "Log in" stays disabled until the form can be sent; the form's own submit
      // still reaches the machine, whose validation then speaks.
      if ((submit as HTMLButtonElement).disabled) fireEvent.submit(submit.closest('form')!);
      else fireEvent.click(submit);
      await settle();
      return;
    }
    case 'register.submit':
      return press('Sign up');
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectDialogShows(expected: AnyMachineSnapshot) {
  const value = stateString(expected.value);
  const context = expected.context as {
    form: { email: string; password: string; confirmPassword: string; rememberMe: boolean };
    errors: Partial<Record<keyof typeof FIELD_LABELS, string>>;
    message: string | null;
    status: string | null;
  };
  if (value === 'closed' || value === 'open.signedIn') {
    // Signed in: the session is logged in at once and closes the dialog.
    expect(loginDialog()).toBeNull();
    if (value === 'open.signedIn')
      expect(
        within(screen.getByRole('banner')).getByRole('button', { name: /^Account menu for / }),
      ).toBeInTheDocument();
    return;
  }
  const el = loginDialog();
  expect(el, 'the login dialog is open').not.toBeNull();
  const dialog = within(el!);
  expect(el).toHaveAttribute('data-state', value);
  expect(el).toHaveAttribute('aria-modal', 'true');
  expect(el).toHaveAccessibleName(
    expected.hasTag('registerForm') ? 'Sign up for FruitPrompt' : 'Log in to FruitPrompt',
  );
  const busy = expected.hasTag('busy');
  expect(dialog.getByRole('status')).toHaveTextContent(busy ? (context.status ?? '') : '');
  const alert = dialog.queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(context.message);

  const fields: (keyof typeof FIELD_LABELS)[] = expected.hasTag('registerForm')
    ? ['email', 'password', 'confirmPassword']
    : expected.hasTag('loginForm')
      ? ['email', 'password']
      : [];
  if (!fields.length) {
    expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Continue as guest' })).toBeInTheDocument();
  }
  for (const field of fields) {
    const inputEl = dialog.getByLabelText(FIELD_LABELS[field]);
    expect(inputEl).toHaveValue(context.form[field]);
    const error = context.errors[field];
    expect(inputEl).toHaveAttribute('aria-invalid', String(Boolean(error)));
    if (error) expect(inputEl).toHaveAccessibleDescription(expect.stringContaining(error));
    if (busy) expect(inputEl).toBeDisabled();
    else expect(inputEl).toBeEnabled();
  }
  if (expected.hasTag('loginForm'))
    expect(dialog.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty(
      'checked',
      context.form.rememberMe,
    );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('login dialog: model paths replayed on the rendered app', () => {
  it('covers every non-social mode of SPEC.md §4', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => stateString(s.state.value))));
    for (const mode of [
      'closed',
      'open.providers',
      'open.login',
      'open.register',
      'open.loggingIn',
      'open.registering',
      'open.guest',
      'open.signedIn',
    ])
      expect(reached, mode).toContain(mode);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const app = await startApp();
      for (const step of path.steps) {
        await perform(app, step.event);
        expectDialogShows(step.state);
      }
      // What the other dialogs of the path's end say.
      const last = path.steps[path.steps.length - 1]!;
      if (last.event.type === 'xstate.done.actor.emailRegister' && last.event.output.ok)
        expect(screen.getByRole('dialog', { name: 'Check Your Email' })).toBeInTheDocument();
      if (last.event.type === 'xstate.done.actor.emailLogin' && last.event.output.unverifiedEmail)
        expect(notice()).toHaveTextContent(`${EMAIL} is not verified yet`);
      app.system.stop();
    });
  }
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import type { AuthorizeAnswer, PopupEvent } from '../../machines/auth/social-login.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';

const header = () => within(screen.getByRole('banner'));
const loginDialog = () => screen.getByRole('dialog', { name: /^(Log in to|Sign up for) FruitPrompt$/ });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** The login dialog open on /terms; `clock: 'timers'` for the tests that fake Vitest's timers. */
async function openDialog(effects = fakeEffects(), clock?: 'timers') {
  const app = await renderApp('/terms', {}, { effects, ...(clock ? { clock } : {}) });
  await app.user.click(header().getByRole('button', { name: 'Log in' }));
  return app;
}

describe('login dialog as a modal', () => {
  it('is a labelled modal dialog that takes focus, traps Tab and gives focus back on Escape', async () => {
    const { user } = await openDialog();
    const dialog = loginDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Log in to FruitPrompt');
    expect(dialog).toHaveAttribute('data-state', 'open.providers');
    const inDialog = within(dialog);
    expect(inDialog.getByRole('button', { name: 'Continue with Google' })).toHaveFocus();
    expect(dialog).toHaveTextContent(/Continue with Google\s*OR\s*Continue with Email\s*Continue as guest/);

    // Shift+Tab from the first control wraps to the last one, Tab from the last back to the first.
    const close = inDialog.getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab({ shift: true });
    expect(inDialog.getByRole('link', { name: /^Privacy Policy/ })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(header().getByRole('button', { name: 'Log in' })).toHaveFocus();
  });

  it('says what continuing means, with links to the terms and the privacy policy', async () => {
    await openDialog();
    const dialog = loginDialog();
    expect(dialog).toHaveTextContent(
      'By continuing, you agree to the Terms of Service (opens in a new tab) and Privacy Policy (opens in a new tab)',
    );
    expect(within(dialog).getByRole('link', { name: /^Terms of Service/ })).toHaveAttribute('href', '/terms');
    expect(within(dialog).getByRole('link', { name: /^Privacy Policy/ })).toHaveAttribute('href', '/privacy');
  });
});

describe('email login form', () => {
  it('moves focus to the email field and enables "Log in" only for a valid email and 8 characters', async () => {
    const { user } = await openDialog();
    const dialog = within(loginDialog());
    await user.click(dialog.getByRole('button', { name: 'Continue with Email' }));
    const email = dialog.getByLabelText('Email');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('placeholder', 'you@example.com');
    expect(dialog.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const submit = dialog.getByRole('button', { name: 'Log in' });
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit).toBeDisabled();
    await user.type(email, 'demo@example');
    await user.type(dialog.getByLabelText('Password'), 'Passw0rd!');
    expect(submit).toBeDisabled();
    await user.type(email, '.com');
    expect(submit).toBeEnabled();
    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'short');
    expect(submit).toBeDisabled();
  });

  it('says what is wrong under a field when it is left invalid, not only by greying "Log in" (issue 15)', async () => {
    const { user } = await openDialog();
    const dialog = within(loginDialog());
    await user.click(dialog.getByRole('button', { name: 'Continue with Email' }));
    const email = dialog.getByLabelText('Email');
    const password = dialog.getByLabelText('Password');
    await user.type(email, 'demo@example');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(password).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await user.type(password, 'short');
    await user.tab();
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(dialog.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await user.type(email, '.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.type(password, 'er!');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    expect(dialog.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('remembers the email when "Remember me" is ticked', async () => {
    const { user } = await openDialog(
      fakeEffects({ emailLogin: async () => ({ ok: true, token: 'a.b.c', userData: { userId: 'u-1' } }) }),
    );
    const dialog = within(loginDialog());
    await user.click(dialog.getByRole('button', { name: 'Continue with Email' }));
    await user.type(dialog.getByLabelText('Email'), 'keep@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Passw0rd!');
    await user.click(dialog.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(dialog.getByRole('button', { name: 'Log in' }));
    expect(await header().findByRole('button', { name: 'Account menu for User' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('remember_email')).toBe('keep@example.com');
    expect(await screen.findByText('You have successfully logged in')).toBeInTheDocument();
  });
});

describe('sign-up form', () => {
  it('shows the password hint and each validation message of requirements §5 under its field', async () => {
    const { user } = await openDialog();
    let dialog = within(loginDialog());
    await user.click(dialog.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(loginDialog()).toHaveAccessibleName('Sign up for FruitPrompt');
    dialog = within(loginDialog());
    const email = dialog.getByLabelText('Email');
    const password = dialog.getByLabelText('Password');
    const confirm = dialog.getByLabelText('Confirm password');
    const hint = 'At least 8 characters with 1 uppercase, 1 lowercase, 1 number, 1 special character';
    expect(password).toHaveAccessibleDescription(hint);

    await user.type(email, 'someone@mail');
    await user.click(dialog.getByRole('button', { name: 'Sign up' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');

    await user.type(email, '.com');
    await user.type(password, 'password1');
    await user.click(dialog.getByRole('button', { name: 'Sign up' }));
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      `${hint} Password must be at least 8 characters and include uppercase, lowercase, number, and special character`,
    );

    await user.clear(password);
    await user.type(password, 'Passw0rd!');
    await user.type(confirm, 'Passw0rd?');
    await user.click(dialog.getByRole('button', { name: 'Sign up' }));
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');

    await user.click(dialog.getByRole('button', { name: 'Already have an account? Log in' }));
    expect(loginDialog()).toHaveAccessibleName('Log in to FruitPrompt');
    expect(within(loginDialog()).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('ticks each part of the password rule as it is met, so a # is seen to be the problem (issue 15)', async () => {
    const { user } = await openDialog();
    await user.click(within(loginDialog()).getByRole('button', { name: "Don't have an account? Sign up" }));
    const dialog = within(loginDialog());
    const list = within(dialog.getByRole('list', { name: 'Password requirements' }));
    const item = (name: string) => list.getByText(name).closest('li')!;
    expect(item('At least 8 characters')).toHaveTextContent(/not met$/);

    await user.type(dialog.getByLabelText('Password'), 'Demo#12345');
    for (const met of ['At least 8 characters', 'A lowercase letter', 'An uppercase letter', 'A number'])
      expect(item(met)).toHaveTextContent(/, met$/);
    expect(item('One of @ $ ! % * ? &')).toHaveTextContent(/not met$/);
    expect(item('Only letters, numbers and @ $ ! % * ? &')).toHaveTextContent(/not met$/);

    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'Demo@12345');
    expect(list.getAllByRole('listitem').every((li) => /, met$/.test(li.textContent ?? ''))).toBe(true);
  });

  it('opens in sign-up mode on the global "switch-to-register" event', async () => {
    await renderApp('/terms', {}, { effects: fakeEffects() });
    window.dispatchEvent(new Event('switch-to-register'));
    expect(await screen.findByRole('dialog', { name: 'Sign up for FruitPrompt' })).toHaveAttribute(
      'data-state',
      'open.register',
    );
  });
});

describe('Continue with Google', () => {
  it('shows each status line and signs in from the popup message', async () => {
    const authorize = controllable<[{ provider: string; callbackUrl: string }], AuthorizeAnswer>();
    let popup: ((event: PopupEvent) => void) | null = null;
    const { user } = await openDialog(
      fakeEffects({
        authorize: authorize.fn,
        popup: fromCallback<PopupEvent, { authUrl: string }>(({ sendBack }) => {
          popup = sendBack as (event: AnyEventObject) => void;
          return () => {};
        }),
      }),
    );
    const dialog = within(loginDialog());
    await user.click(dialog.getByRole('button', { name: 'Continue with Google' }));
    expect(loginDialog()).toHaveAttribute('data-state', 'open.social');
    expect(dialog.getByRole('status')).toHaveTextContent('Connecting to Google, please wait...');
    expect(dialog.getByRole('button', { name: 'Continue with Email' })).toBeDisabled();
    expect(authorize.fn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google' }));
    await authorize.resolve({ success: true, authUrl: 'https://accounts.example/authorize' });
    expect(dialog.getByRole('status')).toHaveTextContent(
      'Please complete authorization in the popup window...',
    );
    act(() =>
      popup!({ type: 'popup.message', token: 'h.p.s', userData: { userId: 'u-5', name: 'Popup Person' } }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(header().getByRole('button', { name: 'Account menu for Popup Person' })).toBeInTheDocument();
  });

  it('shows the server message when authorization is refused', async () => {
    const { user } = await openDialog();
    await user.click(within(loginDialog()).getByRole('button', { name: 'Continue with Google' }));
    expect(await within(loginDialog()).findByRole('alert')).toHaveTextContent('Not available in this test');
    expect(loginDialog()).toHaveAttribute('data-state', 'open.providers');
  });

  describe('waiting for the popup (fake clock)', () => {
    const b64 = (o: object) =>
      btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const silentPopup = () =>
      fakeEffects({
        authorize: async () => ({ success: true, authUrl: 'https://accounts.example/authorize' }),
        popup: fromCallback<PopupEvent, { authUrl: string }>(() => () => {}),
      });
    const startGoogle = async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      fireEvent.click(within(loginDialog()).getByRole('button', { name: 'Continue with Google' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(within(loginDialog()).getByRole('status')).toHaveTextContent(
        'Please complete authorization in the popup window...',
      );
    };
    afterEach(() => {
      vi.useRealTimers();
      localStorage.clear();
    });

    it('gives up after 20 s with "Login timed out. Please try again."', async () => {
      await openDialog(silentPopup(), 'timers');
      await startGoogle();
      await act(() => vi.advanceTimersByTimeAsync(19_999));
      expect(loginDialog()).toHaveAttribute('data-state', 'open.social');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(loginDialog()).toHaveAttribute('data-state', 'open.providers');
      expect(within(loginDialog()).getByRole('alert')).toHaveTextContent(
        'Login timed out. Please try again.',
      );
    });

    it('notices the token in local storage at the next 500 ms poll', async () => {
      await openDialog(silentPopup(), 'timers');
      await startGoogle();
      const token = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u-77', exp: 4_102_444_800, preferred_username: 'Stored Person' })}.sig`;
      await act(() => vi.advanceTimersByTimeAsync(1200));
      localStorage.setItem('token', token);
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(loginDialog()).toHaveAttribute('data-state', 'open.social');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});

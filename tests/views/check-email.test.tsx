import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { SignInResult } from '../../domain/session-user.ts';
import type { ResendAnswer } from '../../machines/auth/resend-email.ts';
import { systemActor } from '../../src/app/app-system.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { controllable, settle } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';

const checkEmail = () => screen.queryByRole('dialog', { name: 'Check Your Email' });

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/**
 * Signs up through the dialog; the registration call waits until the test settles it. `clock`: the
 * machines' clock, Vitest's timers (which a test fakes once the dialog is filled in) or a
 * SimulatedClock.
 */
async function signUp(email: string, clock: SimulatedClock | 'timers' = 'timers') {
  const register = controllable<
    [{ email: string; password: string; confirmPassword: string }],
    SignInResult
  >();
  const resend = controllable<[{ email: string }], ResendAnswer>();
  const app = await renderApp(
    '/',
    {},
    {
      effects: fakeEffects({ emailRegister: register.fn, resendVerification: resend.fn }),
      clock,
    },
  );
  const { user } = app;
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Log in to FruitPrompt' }));
  await user.click(dialog.getByRole('button', { name: "Don't have an account? Sign up" }));
  await user.type(dialog.getByLabelText('Email'), email);
  await user.type(dialog.getByLabelText('Password'), 'Passw0rd!');
  await user.type(dialog.getByLabelText('Confirm password'), 'Passw0rd!');
  await user.click(dialog.getByRole('button', { name: 'Sign up' }));
  expect(register.fn).toHaveBeenCalledWith({
    email,
    password: 'Passw0rd!',
    confirmPassword: 'Passw0rd!',
    botCheck: 'test-bot-proof',
  });
  return { ...app, register, resend };
}

describe('"Check Your Email" after a registration', () => {
  it('counts the resend cooldown down, resends, and closes with "I\'ll check later"', async () => {
    const { register, resend } = await signUp('new.member@gmail.com');
    // From here the clock is ours: the cooldown starts when the registration answers.
    vi.useFakeTimers();
    await register.resolve({ ok: true, token: '', userData: {} });
    expect(screen.queryByRole('dialog', { name: 'Sign up for FruitPrompt' })).toBeNull();
    const dialog = checkEmail()!;
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-state', 'shown.open');
    const inDialog = within(dialog);
    expect(dialog).toHaveTextContent('We sent a verification link to new.member@gmail.com');
    expect(inDialog.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1Open your inbox',
      '2Click the verification link',
      '3Return here to sign in',
    ]);
    expect(dialog).toHaveTextContent(
      "Can't find it? Check your spam folder or contact support (support@fruitprompt.com).",
    );
    expect(inDialog.getByRole('link', { name: 'support@fruitprompt.com' })).toHaveAttribute(
      'href',
      'mailto:support@fruitprompt.com',
    );

    expect(inDialog.getByRole('button', { name: 'Resend in 60s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(inDialog.getByRole('button', { name: 'Resend in 59s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(58_000));
    expect(inDialog.getByRole('button', { name: 'Resend in 1s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    const button = inDialog.getByRole('button', { name: 'Resend Email' });
    expect(button).toBeEnabled();

    fireEvent.click(button);
    expect(resend.fn).toHaveBeenCalledWith({ email: 'new.member@gmail.com' });
    expect(inDialog.getByRole('button', { name: 'Resend Email' })).toBeDisabled();
    await resend.resolve({ success: true, msg: '' });
    const sent = inDialog.getByText('Verification email sent successfully!');
    expect(sent).toHaveClass('resend__message--success');
    expect(inDialog.getByRole('button', { name: 'Resend in 60s' })).toBeDisabled();

    fireEvent.click(inDialog.getByRole('button', { name: "I'll check later" }));
    expect(checkEmail()).toHaveAttribute('data-state', 'shown.closing');
    // No animation runs in jsdom: the machine's 700 ms fallback closes it.
    act(() => vi.advanceTimersByTime(699));
    expect(checkEmail()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(checkEmail()).toBeNull();
  });

  it('shows a failed resend in red', async () => {
    const { register, resend } = await signUp('new.member@gmail.com');
    vi.useFakeTimers();
    await register.resolve({ ok: true, token: '', userData: {} });
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(within(checkEmail()!).getByRole('button', { name: 'Resend Email' }));
    await resend.resolve({ success: false, msg: '' });
    const error = within(checkEmail()!).getByRole('alert');
    expect(error).toHaveTextContent('Failed to resend email. Please try again later.');
    expect(error).toHaveClass('resend__message--error');
    expect(within(checkEmail()!).getByRole('button', { name: 'Resend Email' })).toBeEnabled();
  });

  it('closes as soon as the closing animation ends, and gives focus back', async () => {
    // the machine's 700 ms fallback waits on a clock only the test moves: it cannot close the dialog
    // before the animation's end does, however long the click takes
    const { user, register } = await signUp('new.member@gmail.com', new SimulatedClock());
    await register.resolve({ ok: true, token: '', userData: {} });
    const dialog = checkEmail()!;
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(checkEmail()).toHaveAttribute('data-state', 'shown.closing');
    // What the browser fires when the fade/scale-out finishes. jsdom has no AnimationEvent, so
    // React listens for the prefixed name there: both are sent.
    act(() => {
      for (const type of ['animationend', 'webkitAnimationEnd'])
        dialog.dispatchEvent(
          Object.assign(new Event(type, { bubbles: true }), { animationName: 'modal-out' }),
        );
    });
    expect(checkEmail()).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' })).toHaveFocus();
  });

  it.each([
    ['someone@gmail.com', 'Open Gmail', 'https://mail.google.com/'],
    ['someone@hotmail.co.uk', 'Open Outlook', 'https://outlook.live.com/mail/'],
    ['someone@outlook.com', 'Open Outlook', 'https://outlook.live.com/mail/'],
    ['someone@fruitfarm.io', 'Open fruitfarm.io', 'https://fruitfarm.io/'],
  ])('offers the mailbox of %s as "%s"', async (email, name, url) => {
    const { system } = await renderApp('/', {}, { effects: fakeEffects() });
    act(() => systemActor(system, 'registrationSuccess').send({ type: 'registration.succeeded', email }));
    const link = within(checkEmail()!).getByRole('link', { name: new RegExp(`^${name}`) });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows a disabled "Check Your Email Client" for a missing or invalid address', async () => {
    const { system } = await renderApp('/', {}, { effects: fakeEffects() });
    act(() =>
      systemActor(system, 'registrationSuccess').send({
        type: 'registration.succeeded',
        email: 'not-an-email',
      }),
    );
    const dialog = within(checkEmail()!);
    expect(dialog.getByRole('button', { name: 'Check Your Email Client' })).toBeDisabled();
    expect(dialog.queryByRole('link', { name: /^Open / })).toBeNull();
  });
});

describe('"Verify your email first"', () => {
  it('opens over the login dialog for an unverified address, resends, and closes', async () => {
    const login = controllable<[{ email: string; password: string }], SignInResult>();
    const resend = controllable<[{ email: string }], ResendAnswer>();
    localStorage.setItem('remember_email', 'late@example.com');
    const { user } = await renderApp(
      '/',
      {},
      { effects: fakeEffects({ emailLogin: login.fn, resendVerification: resend.fn }) },
    );
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' }));
    const loginDialog = within(screen.getByRole('dialog', { name: 'Log in to FruitPrompt' }));
    await user.click(loginDialog.getByRole('button', { name: 'Continue with Email' }));
    expect(loginDialog.getByLabelText('Email')).toHaveValue('late@example.com');
    expect(loginDialog.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await user.type(loginDialog.getByLabelText('Password'), 'Passw0rd!');
    await user.click(loginDialog.getByRole('button', { name: 'Log in' }));
    await login.resolve({
      ok: false,
      msg: 'Please verify your email first',
      unverifiedEmail: 'late@example.com',
    });

    const notice = screen.getByRole('dialog', { name: 'Verify your email first' });
    expect(notice).toHaveAttribute('data-state', 'visible');
    expect(notice).toHaveTextContent('late@example.com is not verified yet');
    expect(loginDialog.getByRole('alert')).toHaveTextContent('Please verify your email first');
    expect(notice).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(notice).getByRole('button', { name: 'Resend Email' }));
    expect(resend.fn).toHaveBeenCalledWith({ email: 'late@example.com' });
    await resend.resolve({ success: true, msg: '' });
    expect(within(notice).getByText('Verification email sent successfully!')).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();

    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Verify your email first' })).toBeNull();
    // Focus goes back to the login dialog underneath.
    expect(screen.getByRole('dialog', { name: 'Log in to FruitPrompt' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });
});

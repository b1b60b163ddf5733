import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LOGIN_MESSAGES, loginDialogMachine } from '../../machines/auth/login-dialog.ts';
import { ENCRYPT_FAILED, type SignInResult } from '../../domain/session-user.ts';
import { MESSAGES } from '../../domain/validation.ts';
import { flushPromises } from '../support/model.ts';
import { loginDialogInput as input } from '../models/login-dialog.ts';

const userData = { userId: 'u-1', email: 'demo@example.com', fruitCnt: 3 };

describe('loginDialog rules', () => {
  const open = (impl: Parameters<typeof loginDialogMachine.provide>[0] = {}) =>
    createActor(loginDialogMachine.provide(impl), { input }).start();

  it('validates in the order email, password, confirmation with the exact messages', () => {
    const a = open();
    a.send({ type: 'dialog.open', mode: 'register' });
    a.send({ type: 'register.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ email: MESSAGES.emailRequired });
    a.send({ type: 'field.change', field: 'email', value: 'someone@mail' });
    a.send({ type: 'register.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ email: MESSAGES.emailInvalid });
    a.send({ type: 'field.change', field: 'email', value: 'someone@mail.com' });
    a.send({ type: 'register.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ password: MESSAGES.passwordRequired });
    a.send({ type: 'field.change', field: 'password', value: 'Password1' });
    a.send({ type: 'register.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ password: MESSAGES.passwordRule });
    a.send({ type: 'field.change', field: 'password', value: 'Password1!' });
    a.send({ type: 'field.change', field: 'confirmPassword', value: 'Password1?' });
    a.send({ type: 'register.submit' });
    expect(a.getSnapshot().context.errors).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
  });

  it("shows a field's message when it loses focus with an invalid value, and updates it as it is typed (issue 15)", () => {
    const a = open();
    const errors = () => a.getSnapshot().context.errors;
    a.send({ type: 'dialog.open', mode: 'login' });
    a.send({ type: 'field.change', field: 'email', value: 'demo@example' });
    expect(errors()).toEqual({});
    a.send({ type: 'field.blur', field: 'email' });
    expect(errors()).toEqual({ email: MESSAGES.emailInvalid });
    a.send({ type: 'field.change', field: 'email', value: 'demo@example.com' });
    expect(errors()).toEqual({});
    // an empty field nobody typed in says nothing when left: the click that left it (on "Sign up",
    // say) must land where it was aimed, not on a message pushed in under the field
    a.send({ type: 'field.blur', field: 'password' });
    expect(errors()).toEqual({});
    a.send({ type: 'field.change', field: 'password', value: 'short' });
    expect(errors()).toEqual({});
    a.send({ type: 'field.blur', field: 'password' });
    expect(errors()).toEqual({ password: MESSAGES.passwordShort });
    a.send({ type: 'field.change', field: 'password', value: '' });
    expect(errors()).toEqual({ password: MESSAGES.passwordRequired });
    a.send({ type: 'field.change', field: 'password', value: 'long enough' });
    expect(errors()).toEqual({});

    a.send({ type: 'dialog.toRegister' });
    a.send({ type: 'field.change', field: 'email', value: 'bad' });
    expect(errors(), 'a switch forgets which fields were left').toEqual({});
    a.send({ type: 'field.change', field: 'password', value: 'Demo#12345' });
    a.send({ type: 'field.blur', field: 'password' });
    expect(errors()).toEqual({ password: MESSAGES.passwordRule });
    a.send({ type: 'field.change', field: 'confirmPassword', value: 'Demo@12345' });
    a.send({ type: 'field.blur', field: 'confirmPassword' });
    expect(errors()).toEqual({ password: MESSAGES.passwordRule, confirmPassword: MESSAGES.passwordMismatch });
    a.send({ type: 'field.change', field: 'password', value: 'Demo@12345' });
    expect(errors()).toEqual({});
  });

  it('clears the message and field errors on every switch', () => {
    const a = open();
    a.send({ type: 'dialog.open' });
    a.send({ type: 'dialog.continueWithEmail' });
    a.send({ type: 'login.submit' });
    expect(a.getSnapshot().context.errors.email).toBe(MESSAGES.emailRequired);
    a.send({ type: 'dialog.toRegister' });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'register.submit' });
    a.send({ type: 'dialog.toLogin' });
    expect(a.getSnapshot().context.errors).toEqual({});
    a.send({ type: 'login.submit' });
    a.send({ type: 'dialog.back' });
    expect(a.getSnapshot().context).toMatchObject({ errors: {}, message: null });
  });

  it('prefills the remembered email and ticks Remember me', () => {
    const a = open();
    a.send({ type: 'dialog.open', rememberedEmail: 'demo@example.com' });
    expect(a.getSnapshot().context.form).toMatchObject({
      email: 'demo@example.com',
      rememberMe: true,
      password: '',
    });
  });

  it('logs in, remembers the email, reports the sign-in and closes when the session is logged in', async () => {
    const effects: string[] = [];
    const a = open({
      actors: {
        emailLogin: fromPromise(async (): Promise<SignInResult> => ({ ok: true, token: 'h.p.s', userData })),
      },
      actions: {
        rememberEmail: (_, p) => effects.push(`remember:${p.email}:${p.remember}`),
        signedIn: (_, p) => effects.push(`signedIn:${p.token}`),
      },
    });
    a.send({ type: 'dialog.open', mode: 'login' });
    a.send({ type: 'field.change', field: 'email', value: ' demo@example.com ' });
    a.send({ type: 'field.change', field: 'password', value: 'Demo@12345' });
    a.send({ type: 'field.rememberMe', checked: true });
    a.send({ type: 'login.submit' });
    expect(a.getSnapshot().context.status).toBe(LOGIN_MESSAGES.loggingIn);
    await flushPromises();
    expect(a.getSnapshot().context.status).toBe(LOGIN_MESSAGES.success);
    expect(effects).toEqual(['remember:demo@example.com:true', 'signedIn:h.p.s']);
    a.send({ type: 'session.loggedIn' });
    expect(a.getSnapshot().value).toBe('closed');
  });

  it('says "Failed to encrypt password" when encryption fails', async () => {
    const a = open({
      actors: {
        emailLogin: fromPromise(async (): Promise<SignInResult> => Promise.reject(new Error(ENCRYPT_FAILED))),
      },
    });
    a.send({ type: 'dialog.open', mode: 'login' });
    a.send({ type: 'field.change', field: 'email', value: 'demo@example.com' });
    a.send({ type: 'field.change', field: 'password', value: 'Demo@12345' });
    a.send({ type: 'login.submit' });
    await flushPromises();
    expect(a.getSnapshot().context.message).toBe(ENCRYPT_FAILED);
  });

  it('hands the address to the "Check Your Email" dialog and clears the form after registering', async () => {
    const registered: string[] = [];
    const a = open({
      actors: {
        emailRegister: fromPromise(async (): Promise<SignInResult> => ({
          ok: true,
          token: '',
          userData: {},
        })),
      },
      actions: { registered: (_, p) => registered.push(p.email) },
    });
    a.send({ type: 'dialog.open', mode: 'register' });
    a.send({ type: 'field.change', field: 'email', value: 'new@gmail.com' });
    a.send({ type: 'field.change', field: 'password', value: 'Passw0rd!' });
    a.send({ type: 'field.change', field: 'confirmPassword', value: 'Passw0rd!' });
    a.send({ type: 'register.submit' });
    expect(a.getSnapshot().context.status).toBe(LOGIN_MESSAGES.creating);
    await flushPromises();
    expect(registered).toEqual(['new@gmail.com']);
    expect(a.getSnapshot().value).toBe('closed');
    expect(a.getSnapshot().context.form.email).toBe('');
  });
});

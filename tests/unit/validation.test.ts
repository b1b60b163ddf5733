import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  isStrongPassword,
  passwordChecklist,
  isValidEmail,
  validateLogin,
  MESSAGES,
} from '../../domain/validation.ts';
import { mailLinkFor } from '../../domain/mail-providers.ts';
import { toSessionUser, DEFAULT_AVATAR } from '../../domain/session-user.ts';

describe('validation (requirements §5)', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@mail.example.org', true],
    ['a@b.c', false],
    ['a@b.c0m', false],
    ['a@b', false],
    ['@b.com', false],
    ['a b@c.com', false],
  ])('email %s valid: %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));

  it.each([
    ['Demo@12345', true],
    ['Passw0rd!', true],
    ['password1!', false],
    ['PASSWORD1!', false],
    ['Password!!', false],
    ['Pass1!a', false],
    ['Password1#', false],
  ])('password %s strong: %s', (pw, ok) => expect(isStrongPassword(pw)).toBe(ok));

  it('enables the login submit only with a valid email and 8 characters', () => {
    expect(canSubmitLogin({ email: 'a@b.co', password: '1234567' })).toBe(false);
    expect(canSubmitLogin({ email: 'a@b.co', password: '12345678' })).toBe(true);
    expect(canSubmitLogin({ email: 'a@b', password: '12345678' })).toBe(false);
    expect(validateLogin({ email: 'a@b.co', password: '' })).toEqual({ password: MESSAGES.passwordRequired });
  });
});

describe('mail providers (requirements §2)', () => {
  it.each([
    ['x@gmail.com', 'Gmail'],
    ['x@hotmail.co.uk', 'Outlook'],
    ['x@live.com', 'Outlook'],
    ['x@msn.com', 'Outlook'],
    ['x@yahoo.com', 'Yahoo'],
    ['x@me.com', 'iCloud'],
    ['x@mac.com', 'iCloud'],
    ['x@aol.com', 'AOL'],
    ['x@pm.me', 'ProtonMail'],
    ['x@protonmail.com', 'ProtonMail'],
    ['x@zoho.com', 'Zoho'],
    ['x@fastmail.com', 'Fastmail'],
    ['x@tutanota.com', 'Tutanota'],
  ])('%s opens %s', (email, name) => expect(mailLinkFor(email)).toMatchObject({ kind: 'provider', name }));

  it('sends an unknown domain to its own site and has no button for a bad address', () => {
    expect(mailLinkFor('x@example.org')).toEqual({
      kind: 'generic',
      name: 'example.org',
      url: 'https://example.org/',
    });
    expect(mailLinkFor('')).toEqual({ kind: 'none' });
    expect(mailLinkFor('nope')).toEqual({ kind: 'none' });
  });
});

describe('session user (requirements §3)', () => {
  it('builds memberId, name, avatar and fruitCnt with their fallbacks', () => {
    expect(toSessionUser({ userId: 7, providerUsername: 'Ann', avatarUrl: '/a.png', fruitCnt: 12 })).toEqual({
      memberId: '7',
      name: 'Ann',
      avatar: '/a.png',
      fruitCnt: 12,
    });
    expect(toSessionUser({ id: 'x', email: 'e@x.co', fruitCnt: '12' })).toEqual({
      memberId: 'x',
      name: 'e@x.co',
      avatar: DEFAULT_AVATAR,
      fruitCnt: 0,
    });
    expect(toSessionUser({}).name).toBe('User');
  });
});

describe('the registration password checklist (issue 15)', () => {
  const unmet = (password: string) =>
    passwordChecklist(password)
      .filter((check) => !check.met)
      .map((check) => check.label);

  it('names each part of the rule that is missing', () => {
    expect(unmet('')).toEqual([
      'At least 8 characters',
      'A lowercase letter',
      'An uppercase letter',
      'A number',
      'One of @ $ ! % * ? &',
      'Only letters, numbers and @ $ ! % * ? &',
    ]);
    expect(unmet('demo1234')).toEqual(['An uppercase letter', 'One of @ $ ! % * ? &']);
    // the case the issue names: a # is the only thing wrong
    expect(unmet('Demo#12345&')).toEqual(['Only letters, numbers and @ $ ! % * ? &']);
  });

  it.each(['Demo@12345', 'Demo#12345', 'short@A1', 'Aa1@', 'Demo 12345!', 'ÄÖÜabc@1X', 'Demo@12345🍎'])(
    'is all ticked exactly when the rule holds: %s',
    (password) => {
      expect(passwordChecklist(password).every((check) => check.met)).toBe(isStrongPassword(password));
    },
  );
});

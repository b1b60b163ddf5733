// requirements §7 password transport: what the SPA encrypts with crypto-js (src/auth/password.ts) the server
// decrypts with node:crypto (server/auth/password-crypto.ts), for every AES key size; anything else is a
// PasswordDecryptError, never another exception.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword as clientEncrypt } from '../../src/auth/password.ts';
import {
  PasswordDecryptError,
  decryptPassword,
  encryptPassword as serverEncrypt,
} from '../../server/auth/password-crypto.ts';
import { DEFAULT_PASSWORD_KEY } from '../../server/config.ts';

const KEYS = {
  'AES-128': 'sixteen-byte-key',
  'AES-192': 'twenty-four-bytes-key-00',
  'AES-256': DEFAULT_PASSWORD_KEY,
};
const PASSWORDS = ['Demo@12345', 'a', 'exactly-16-bytes', 'Pässwörd@1 ñ 日本語 🍓', 'x'.repeat(200)];

describe('decryptPassword', () => {
  it.each(Object.entries(KEYS))('reads what crypto-js encrypted under an %s key', async (_size, key) => {
    for (const password of PASSWORDS) {
      const encrypted = await clientEncrypt(password, key);
      expect(decryptPassword(encrypted, key)).toBe(password);
    }
  });

  it('reads the client build with its compiled-in key (__PASSWORD_KEY__, the default key)', async () => {
    const encrypted = await clientEncrypt('Demo@12345');
    expect(decryptPassword(encrypted, DEFAULT_PASSWORD_KEY)).toBe('Demo@12345');
  });

  it('uses a fresh IV every time', async () => {
    const a = await clientEncrypt('Demo@12345', DEFAULT_PASSWORD_KEY);
    const b = await clientEncrypt('Demo@12345', DEFAULT_PASSWORD_KEY);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64')).toHaveLength(32); // IV + one block
  });

  it('round-trips its own encryption, which crypto-js would produce for the same IV', async () => {
    for (const [, key] of Object.entries(KEYS)) {
      for (const password of PASSWORDS)
        expect(decryptPassword(serverEncrypt(password, key), key)).toBe(password);
    }
    expect(decryptPassword(serverEncrypt('', DEFAULT_PASSWORD_KEY), DEFAULT_PASSWORD_KEY)).toBe('');
  });

  it.each([
    ['empty', ''],
    ['not base64', 'not base64 at all!'],
    ['base64 with a bad tail', 'QUJD=A=='],
    ['base64url', Buffer.alloc(32, 0xff).toString('base64url')],
    ['too short', Buffer.alloc(16).toString('base64')],
    ['not whole blocks', Buffer.alloc(33).toString('base64')],
    ['random bytes', Buffer.alloc(64, 1).toString('base64')],
  ])('refuses %s with a PasswordDecryptError', (_what, encrypted) => {
    expect(() => decryptPassword(encrypted, DEFAULT_PASSWORD_KEY)).toThrow(PasswordDecryptError);
  });

  it('refuses (almost always) a ciphertext under another key, and never throws anything else', () => {
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      const encrypted = serverEncrypt(`Password@${i}`, 'another-key-of-32-bytes-01234567');
      try {
        decryptPassword(encrypted, DEFAULT_PASSWORD_KEY);
      } catch (error) {
        expect(error).toBeInstanceOf(PasswordDecryptError);
        refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(199);
  });

  it('refuses a damaged ciphertext, and random input never throws anything else', () => {
    const good = Buffer.from(serverEncrypt('Demo@12345', DEFAULT_PASSWORD_KEY), 'base64');
    good[good.length - 1]! ^= 0x55;
    expect(() => decryptPassword(good.toString('base64'), DEFAULT_PASSWORD_KEY)).toThrow(
      PasswordDecryptError,
    );
    for (let i = 0; i < 300; i++) {
      const input = randomBytes(16 * (1 + (i % 5)) + (i % 3 === 0 ? 0 : 16)).toString('base64');
      try {
        decryptPassword(input, DEFAULT_PASSWORD_KEY);
      } catch (error) {
        expect(error).toBeInstanceOf(PasswordDecryptError);
      }
    }
  });

  it('refuses a key of a size AES does not have (a configuration error, not bad input)', () => {
    expect(() => decryptPassword('AAAA', 'short')).toThrow(/16, 24 or 32 bytes/);
  });
});

// Password transport encryption (requirements §7, requirements §C2): the client sends
// base64(IV[16] || AES-CBC/PKCS7(password)) under the shared PASSWORD_KEY (its UTF-8 bytes; 16, 24 or 32
// bytes select AES-128, -192 or -256). This is the node:crypto counterpart of src/auth/password.ts
// (crypto-js). It only protects the password in transit logs and proxies; TLS does the real work.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const IV_BYTES = 16;
const BLOCK = 16;
/** A decrypted password longer than this is refused (argon2 would still cope; nobody types that). */
export const MAX_PASSWORD_CHARS = 256;

export class PasswordDecryptError extends Error {
  override name = 'PasswordDecryptError';
}

const cipherName = (key: Buffer): 'aes-128-cbc' | 'aes-192-cbc' | 'aes-256-cbc' => {
  switch (key.length) {
    case 16:
      return 'aes-128-cbc';
    case 24:
      return 'aes-192-cbc';
    case 32:
      return 'aes-256-cbc';
    default:
      throw new Error(`PASSWORD_KEY must be 16, 24 or 32 bytes of UTF-8, got ${key.length}`);
  }
};

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The plain password of an encrypted one. Throws PasswordDecryptError for anything that is not a
 * ciphertext under this key: not base64, too short, not whole blocks, bad padding, not UTF-8, empty
 * after decryption or too long. Never throws anything else for bad input.
 */
export function decryptPassword(encrypted: string, key: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const algorithm = cipherName(keyBytes);
  const compact = encrypted.trim();
  if (compact.length === 0 || !STRICT_BASE64.test(compact)) {
    throw new PasswordDecryptError('not base64');
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length < IV_BYTES + BLOCK || (bytes.length - IV_BYTES) % BLOCK !== 0) {
    throw new PasswordDecryptError('not an IV followed by whole AES blocks');
  }
  let plain: Buffer;
  try {
    const decipher = createDecipheriv(algorithm, keyBytes, bytes.subarray(0, IV_BYTES));
    plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES)), decipher.final()]);
  } catch {
    throw new PasswordDecryptError('bad padding (wrong key or damaged ciphertext)');
  }
  let text: string;
  try {
    text = utf8.decode(plain);
  } catch {
    throw new PasswordDecryptError('not UTF-8 (wrong key or damaged ciphertext)');
  }
  // A wrong key that happens to give valid padding and UTF-8 almost always leaves control characters.
  // eslint-disable-next-line no-control-regex
  if (text.length > MAX_PASSWORD_CHARS || /[\u0000-\u001f\u007f]/.test(text)) {
    throw new PasswordDecryptError('not a password');
  }
  return text;
}

/** The server-side encryption, as the client does it (tests, scripts, curl examples). */
export function encryptPassword(plain: string, key: string, iv: Buffer = randomBytes(IV_BYTES)): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const cipher = createCipheriv(cipherName(keyBytes), keyBytes, iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

// requirements §7 password encryption: AES-CBC with PKCS7 under the shared key, a random 16-byte IV
// prepended to the ciphertext, the whole base64. crypto-js is loaded only when a password is about
// to be sent, so it is never part of the first page's JavaScript.
import { ENCRYPT_FAILED } from '../../domain/session-user.ts';

declare const __PASSWORD_KEY__: string;

export async function encryptPassword(plain: string, key: string = __PASSWORD_KEY__): Promise<string> {
  try {
    const [{ default: CryptoJS }, { default: AES }] = await Promise.all([
      import('crypto-js/core'),
      import('crypto-js/aes'),
    ]);
    const iv = CryptoJS.lib.WordArray.random(16);
    const encrypted = AES.encrypt(CryptoJS.enc.Utf8.parse(plain), CryptoJS.enc.Utf8.parse(key), {
      iv,
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    });
    return iv.clone().concat(encrypted.ciphertext).toString(CryptoJS.enc.Base64);
  } catch {
    throw new Error(ENCRYPT_FAILED);
  }
}

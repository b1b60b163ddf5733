// The email the login dialog fills in on this device (requirements §3 remember_email), as Account Settings
// shows and forgets it. Apart from account-logic.ts: the settings route reads it as the page opens,
// and route options load with the first visit, the account's machines only when needed.
import { LOCAL_KEYS, safeStorage } from '../platform/storage-keys.ts';

const local = safeStorage('local');

/** The remembered email, if any. */
export const readRememberedEmail = (): string | null => local.get(LOCAL_KEYS.rememberEmail) || null;

export const forgetRememberedEmail = (): void => local.remove(LOCAL_KEYS.rememberEmail);

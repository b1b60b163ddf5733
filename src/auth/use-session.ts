import type { SessionUser } from '../../domain/session-user.ts';
import { useSystemSelector } from '../system/react.tsx';

/** What a page or the header shows for the session: still restoring, logged out, or logged in. */
export type SessionView = 'pending' | 'loggedOut' | 'loggedIn';

export function useSessionView(): SessionView {
  return useSystemSelector('session', (snapshot) =>
    snapshot.hasTag('loggedIn') ? 'loggedIn' : snapshot.hasTag('loggedOut') ? 'loggedOut' : 'pending',
  );
}

export function useSessionUser(): SessionUser | null {
  return useSystemSelector('session', (snapshot) => snapshot.context.user);
}

/** SPEC.md §9: the name shown in the header, cut to 10 characters plus "...". */
export const USERNAME_LIMIT = 10;
export const shortName = (name: string): string =>
  name.length > USERNAME_LIMIT ? `${name.slice(0, USERNAME_LIMIT)}...` : name;

const numberFormat = new Intl.NumberFormat('en-US');
export const formatCoins = (n: number): string => numberFormat.format(n);

import type { SessionUser } from '../../domain/session-user.ts';
import * as sessionView from '../../machines/auth/session.selectors.ts';
import { useSystemSelector } from '../system/react.tsx';

export type { SessionView } from '../../machines/auth/session.selectors.ts';

export function useSessionView(): sessionView.SessionView {
  return useSystemSelector('session', sessionView.view);
}

export function useSessionUser(): SessionUser | null {
  return useSystemSelector('session', sessionView.user);
}

/** requirements §9: the name shown in the header, cut to 10 characters plus "...". */
export const USERNAME_LIMIT = 10;
export const shortName = (name: string): string =>
  name.length > USERNAME_LIMIT ? `${name.slice(0, USERNAME_LIMIT)}...` : name;

const numberFormat = new Intl.NumberFormat('en-US');
export const formatCoins = (n: number): string => numberFormat.format(n);

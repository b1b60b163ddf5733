// requirements §6 routes that need a signed-in user, and the navigation around sign-in: back to the saved
// address after a login, away from a private page after a logout.
import { lookup } from '../../machines/system/actors.ts';
import { SESSION_KEYS, safeStorage } from '../platform/storage-keys.ts';

const PRIVATE = [
  /^\/cart\/?$/,
  /^\/orders\/?$/,
  /^\/order-detail\/[^/]+\/?$/,
  /^\/paiddetail-[^/]+\.html$/,
  /^\/pendingdetail-[^/]+\.html$/,
  /^\/messages\/?$/,
  /^\/profile\/?$/,
  /^\/settings\/?$/,
  /^\/fruit-transactions\/?$/,
  /^\/coupons\/?$/,
  /^\/exchange-coupons\/?$/,
  /^\/buy-fruitcoins\/?$/,
];

export const isPrivatePath = (pathname: string): boolean => PRIVATE.some((re) => re.test(pathname));

const session = safeStorage('session');

/** Remembers where to come back to after signing in (same-origin paths only). */
export function saveAuthRedirect(href: string): void {
  if (href.startsWith('/') && !href.startsWith('//')) session.set(SESSION_KEYS.authRedirectUrl, href);
}

export function takeAuthRedirect(): string | null {
  const href = session.get(SESSION_KEYS.authRedirectUrl);
  session.remove(SESSION_KEYS.authRedirectUrl);
  return href && href.startsWith('/') && !href.startsWith('//') ? href : null;
}

/**
 * Follows the session: a login returns to the saved address, a logout leaves a private page. A
 * session the server ended (issue 15) leaves nobody's page: a private one shows its sign-in view, and
 * its address is kept for after the login, as for a visitor who opens it.
 */
export function bindAuthNavigation(
  system: { system: Parameters<typeof lookup>[0] },
  navigation: { navigate: (href: string) => void; pathname: () => string; href: () => string },
): () => void {
  const ref = lookup(system.system, 'session');
  if (!ref) return () => {};
  let wasLoggedIn = ref.getSnapshot().hasTag('loggedIn');
  const sub = ref.subscribe((snapshot) => {
    const loggedIn = snapshot.hasTag('loggedIn');
    const loggedOut = snapshot.hasTag('loggedOut');
    if (loggedIn && !wasLoggedIn) {
      const back = takeAuthRedirect();
      if (back) navigation.navigate(back);
    } else if (loggedOut && wasLoggedIn && isPrivatePath(navigation.pathname())) {
      if (snapshot.context.revoked) saveAuthRedirect(navigation.href());
      else navigation.navigate('/');
    }
    if (loggedIn || loggedOut) wasLoggedIn = loggedIn;
  });
  return () => sub.unsubscribe();
}

import { waitFor } from 'xstate';
import { saveAuthRedirect } from '../../auth/auth-redirect.ts';
import { ensure, systemActor, type AppSystem } from '../../app/app-system.ts';

/**
 * beforeLoad of the routes that need a signed-in user (requirements §6), through `memberLayout`: a visitor's address is kept in
 * sessionStorage (`auth_redirect_url`) and the login dialog opens; the page itself shows its "Log in
 * to see …" view. While the session is still being restored this waits for it, without holding up
 * the page (which shows its skeleton meanwhile). Preloads do nothing.
 */
export function requireMember({
  context,
  location,
  preload,
}: {
  context: { system: AppSystem };
  location: { href: string };
  preload: boolean;
}): void {
  if (preload) return;
  const session = systemActor(context.system, 'session');
  const askToLogIn = () => {
    saveAuthRedirect(location.href);
    context.system.send({ type: 'loginDialog.open' });
  };
  const snapshot = session.getSnapshot();
  if (snapshot.hasTag('loggedOut')) askToLogIn();
  else if (snapshot.hasTag('pending'))
    waitFor(session, (s) => !s.hasTag('pending')).then(
      (settled) => {
        if (settled.hasTag('loggedOut')) askToLogIn();
      },
      () => {},
    );
}

/**
 * beforeLoad of the member's pages (the pathless `_member` layout route, issue 16): requireMember, then
 * the member's own machines (cart, saved prompts, unread count), which a visitor's first visit did not
 * load. Each page's route then ensures its own machines.
 */
export async function memberLayout(args: Parameters<typeof requireMember>[0]): Promise<void> {
  requireMember(args);
  // the cart's scope is the member's: its machines load together
  await ensure(args.context.system, 'cart');
}

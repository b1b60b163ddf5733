import { Suspense } from 'react';
import { useSystemSelector } from '../system/react.tsx';
import { lazyView } from '../ui/lazy-view.tsx';
import { LoginButton } from '../auth/login-button.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import { useSessionView } from '../auth/use-session.ts';

// A visitor's first load goes without the member's side (docs/decisions/006-lazy-page-machines.md).
export const SignedInAccount = lazyView(
  () => import('../account/header-account.tsx'),
  (m) => m.SignedInAccount,
);

const avatarPlaceholder = (
  <span className="header-account__avatar-placeholder" role="status">
    <span className="visually-hidden">Loading your account…</span>
  </span>
);

/**
 * The header's right-hand side, a projection of `session` (requirements §2 Header): the Log in button,
 * a placeholder of the same size while the session is restored, or the balance, cart and account
 * menu of the signed-in user.
 */
export function HeaderAccount() {
  const state = useSystemSelector('session', stateOf);
  const view = useSessionView();
  return (
    <div className="header-account" data-state={state}>
      {view === 'loggedOut' ? <LoginButton className="btn btn--primary btn--sm" /> : null}
      {view === 'pending' ? (
        <span className="header-account__placeholder" role="status">
          <span className="visually-hidden">Checking your sign-in…</span>
        </span>
      ) : null}
      {view === 'loggedIn' ? (
        <Suspense fallback={avatarPlaceholder}>
          <SignedInAccount />
        </Suspense>
      ) : null}
    </div>
  );
}

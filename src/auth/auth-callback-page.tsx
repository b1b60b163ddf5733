import '../styles/status-card.css';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { LOGIN_MESSAGES } from '../../machines/auth/login-dialog.ts';
import { useSystemSelector } from '../system/react.tsx';
import { AlertIcon, CheckCircleIcon, UserIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as callbackView from '../../machines/auth/auth-callback.selectors.ts';
import { StatusCard } from '../ui/status-card.tsx';

/**
 * /auth/callback and /social-callback: a projection of `authCallback` (the route starts it with the
 * provider's code, state and error).
 */
export function AuthCallbackPage() {
  const state = useSystemSelector('authCallback', stateOf);
  const phase = useSystemSelector('authCallback', callbackView.phase);
  const message = useSystemSelector('authCallback', callbackView.message);

  if (phase === 'done')
    return (
      <StatusCard tone="success" icon={<CheckCircleIcon size={30} />} title="Signed in" state={state}>
        <p className="status-line" role="status">
          <Spinner size={18} />
          <span>{LOGIN_MESSAGES.authorized}</span>
        </p>
      </StatusCard>
    );

  if (phase === 'failed') {
    const isPopup = typeof window !== 'undefined' && Boolean(window.opener);
    return (
      <StatusCard
        tone="error"
        icon={<AlertIcon size={30} />}
        title="Sign-in did not finish"
        state={state}
        actions={
          <>
            {isPopup ? (
              <button type="button" className="btn btn--primary" onClick={() => window.close()}>
                Close window
              </button>
            ) : null}
            <Link to="/" className={`btn ${isPopup ? 'btn--secondary' : 'btn--primary'}`}>
              Back to home
            </Link>
          </>
        }
      >
        <p role="alert">{message}</p>
      </StatusCard>
    );
  }

  return (
    <StatusCard icon={<UserIcon size={28} />} title="Completing sign-in…" state={state} busy>
      <p className="status-line" role="status">
        <Spinner size={18} />
        <span>Completing sign-in…</span>
      </p>
      <p className="status-card__hint">
        This window hands your sign-in back to {PRODUCT_NAME} and then closes itself.
      </p>
    </StatusCard>
  );
}

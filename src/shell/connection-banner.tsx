import * as connectionView from '../../machines/shell/connection.selectors.ts';
import { useSystemSelector } from '../system/react.tsx';
import { AlertIcon, CheckCircleIcon } from '../ui/first-paint-icons.tsx';

export const CONNECTION_TEXT = {
  offline: "You're offline — we'll reconnect automatically.",
  restored: 'Back online.',
} as const;

/**
 * The `connection` actor on screen: a live region that is always there (so screen readers announce
 * its changes), empty while the API answers, saying so while it cannot be reached and briefly when
 * it is back. What failed to load loads again by itself; the pages keep their own "Try again".
 */
export function ConnectionBanner() {
  const shown = useSystemSelector('connection', connectionView.shown);
  return (
    <div className="connection-banner" role="status" data-connection={shown ?? 'online'}>
      {shown === 'offline' ? (
        <p className="connection-banner__message">
          <AlertIcon size={18} className="connection-banner__icon" />
          {CONNECTION_TEXT.offline}
        </p>
      ) : shown === 'restored' ? (
        <p className="connection-banner__message">
          <CheckCircleIcon size={18} className="connection-banner__icon" />
          {CONNECTION_TEXT.restored}
        </p>
      ) : null}
    </div>
  );
}

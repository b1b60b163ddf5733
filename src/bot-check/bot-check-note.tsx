// The bot check under the forms that need it (the login dialog's first screen with "Continue as guest",
// the sign-up form): a projection of the `botCheck` actor. Shown, it asks for a check ahead, so the proof
// of work is usually done before the person presses the button; a failure says why and offers to retry.
import { useEffect } from 'react';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import * as view from '../../machines/bot-check/bot-check.selectors.ts';
import { AlertIcon, CheckCircleIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';

export function BotCheckNote() {
  const botCheck = useSystemActor('botCheck');
  const status = useSystemSelector('botCheck', view.status);
  const error = useSystemSelector('botCheck', view.error);
  useEffect(() => botCheck.send({ type: 'botCheck.prepare' }), [botCheck]);

  return (
    <p className={`bot-check bot-check--${status}`} aria-live="polite">
      {status === 'working' || status === 'idle' ? (
        <>
          <Spinner size={14} />
          <span>Checking this browser…</span>
        </>
      ) : null}
      {status === 'ready' ? (
        <>
          <CheckCircleIcon size={16} />
          <span>Browser checked: no puzzle to solve</span>
        </>
      ) : null}
      {status === 'failed' ? (
        <>
          <AlertIcon size={16} />
          <span>{error}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => botCheck.send({ type: 'botCheck.retry' })}
          >
            Try again
          </button>
        </>
      ) : null}
    </p>
  );
}

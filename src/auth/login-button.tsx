import { useSelector } from '@xstate/react';
import * as appView from '../../machines/app/app.selectors.ts';
import { useAppSystem } from '../system/react.tsx';

/**
 * "Log in" anywhere: asks the root actor to open the login dialog. A pointer on it or focus loads the
 * sign-in machines ahead of the press (`signIn.prepare`); pressed while they still load, it shows busy
 * and the dialog opens when they arrive.
 */
export function LoginButton({ className, label = 'Log in' }: { className?: string; label?: string }) {
  const system = useAppSystem();
  const waiting = useSelector(system, appView.loginWaiting);
  const prepare = () => system.send({ type: 'signIn.prepare' });
  return (
    <button
      type="button"
      className={className ?? 'btn btn--primary'}
      aria-busy={waiting || undefined}
      onPointerEnter={prepare}
      onFocus={prepare}
      onClick={() => system.send({ type: 'loginDialog.open' })}
    >
      {label}
    </button>
  );
}

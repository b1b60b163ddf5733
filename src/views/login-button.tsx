import { useAppSystem } from '../system/react.tsx';

/** "Log in" anywhere: asks the root actor to open the login dialog. */
export function LoginButton({ className, label = 'Log in' }: { className?: string; label?: string }) {
  const system = useAppSystem();
  return (
    <button
      type="button"
      className={className ?? 'btn btn--primary'}
      onClick={() => system.send({ type: 'loginDialog.open' })}
    >
      {label}
    </button>
  );
}

import * as toastView from '../../machines/shell/toast.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../ui/first-paint-icons.tsx';

const ICONS = { success: CheckCircleIcon, error: AlertIcon, info: InfoIcon } as const;

/** The `toast` actor's queue on screen; each toast fades out over 300 ms while `leaving`. */
export function Toaster() {
  const toastActor = useSystemActor('toast');
  const toasts = useSystemSelector('toast', toastView.toasts);
  return (
    <section className="toaster" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => {
        const Icon = ICONS[toast.kind] ?? InfoIcon;
        return (
          <div
            key={toast.id}
            className={`toast toast--${toast.kind}`}
            data-leaving={toast.leaving ? 'true' : undefined}
          >
            <Icon size={20} className="toast__icon" />
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => toastActor.send({ type: 'toast.dismiss', id: toast.id })}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </section>
  );
}

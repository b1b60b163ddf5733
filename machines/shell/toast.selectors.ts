import type { SnapshotFrom } from 'xstate';
import type { ToastView, toastMachine } from './toast.ts';

type Snapshot = SnapshotFrom<typeof toastMachine>;

/** The toasts on screen, oldest first, each fading out while `leaving`. */
export const toasts = (s: Snapshot): ToastView[] => s.context.toasts;

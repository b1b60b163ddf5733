// The toasts in the corner: "Copy prompt" on a free prompt's page shows one ("Prompt copied…", or
// the copy failure: either is a toast), the × dismisses one, which then fades out and is gone.
// A toast's own timers (toastItem) report `toast.leaving` / `toast.gone`: a person dismisses it and
// waits for the fade.
import { TIMINGS } from '../../../domain/system-ids.ts';
import { click, signIn, visible } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const toastScript: BrowserScript = {
  machineId: 'toast',
  effects: {},
  start: '/detail/flat-fitness-app-icon-set-37',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'toast.show {"kind":"success","message":"You have successfu... → toast-1 success (2000 ms left) · wait 2000 ms → toast-1 success fading (300 ms left)',
  async act(event, { page, before }) {
    const toaster = page.getByRole('region', { name: 'Notifications' });
    /** The × of the toast with this id (toasts are listed in the order they came). */
    const dismiss = async (id: string) => {
      const shown = (before.context as { toasts: { id: string; leaving: boolean }[] }).toasts;
      const toast = shown.find((t) => t.id === id);
      if (!toast || toast.leaving) return;
      await click(toaster.getByRole('button', { name: 'Dismiss notification' }).nth(shown.indexOf(toast)));
    };
    switch (event.type) {
      case 'toast.show':
        // the session's welcome is a person signing in; any other message the copy's toast stands for
        // (its text is not the model's: the path's own toast is handed to the actor instead)
        if (event.message === 'You have successfully logged in') {
          // signed in when the toast shows (no fake time passes on the way: the toast's timer runs)
          await signIn(page);
          await visible(toaster.getByText(event.message));
          return;
        }
        return false;
      case 'toast.dismiss':
      case 'toast.leaving':
        await dismiss(event.id as string);
        return;
      case 'toast.gone':
        await dismiss(event.id as string);
        await page.clock.runFor(TIMINGS.toastFade);
        return;
      default:
        return false;
    }
  },
};

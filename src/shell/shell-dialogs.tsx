// The shell's sign-in dialogs, each shown by its machine. Machines and views load together with the
// first sign-in intent (machines/app/app.ts `loadSignIn`, docs/decisions/006-lazy-page-machines.md), not
// with the first page; until then there is nothing to show. The dialogs' module
// (sign-in-dialog-views.tsx) is in the sign-in chunk, selectors included.
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import * as appView from '../../machines/app/app.selectors.ts';
import { useAppSystem } from '../system/react.tsx';
import { lazyView } from '../ui/lazy-view.tsx';

const SignInDialogViews = lazyView(
  () => import('./sign-in-dialog-views.tsx'),
  (m) => m.SignInDialogViews,
);

/** The sign-in dialogs, once their machines run (their views loaded with them: no fallback shows). */
export function SignInDialogs() {
  const system = useAppSystem();
  const ready = useSelector(system, appView.signInReady);
  return ready ? (
    <Suspense fallback={null}>
      <SignInDialogViews />
    </Suspense>
  ) : null;
}

/** Loads the sign-in dialogs' views (with their machines: src/main.tsx hands it to the system). */
export const preloadShellViews = (): Promise<unknown> => SignInDialogViews.preload();

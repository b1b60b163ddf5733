// A member's first page may show a visitor's answers: the server rendered it for nobody in particular
// (issue 18), and the catalog actors fetch the member's own page once the session has spoken. Until
// they have it, the marks that depend on who is looking (Add to cart, owned, saved hearts, the locked
// panel) are held hidden, so no wrong button or price flashes: `data-viewer="pending"` on <html>, which
// the stylesheet reads (src/styles/viewer-marks.css, with the first load's styles). The server sets it
// when the browser's member hint cookie says a member is signed in here (server/render/ssr.ts); the
// browser sets it from the stored token too (src/app/member-hint.ts, which also keeps the cookie), and
// this module, loaded only then, lifts the hold once the answers are the member's.
import { VIEWER_AWARE } from '../../domain/viewer.ts';
import { lookup } from '../../machines/system/actors.ts';
import type { AppSystem } from '../system/system-ref.ts';

import { marksMayWait } from './member-hint.ts';

export { bindMemberHint } from './member-hint.ts';

/** However long the answers take, the marks show after this (a failed reload keeps the page usable). */
export const HOLD_LIMIT_MS = 8000;

interface Settling {
  hasTag(tag: string): boolean;
  matches(state: string): boolean;
  context: { viewer?: string | null; token?: string | null };
}

/** Whether the answers on screen are the member's (or there is no member to wait for). */
export function marksSettled(system: AppSystem): boolean {
  const session = lookup(system.system, 'session')?.getSnapshot() as Settling | undefined;
  if (!session || session.hasTag('pending')) return false;
  if (!session.hasTag('loggedIn')) return true;
  return VIEWER_AWARE.every((id) => {
    const snapshot = lookup(system.system, id)?.getSnapshot() as Settling | undefined;
    if (!snapshot || snapshot.matches('idle')) return true;
    return (
      snapshot.context.viewer === session.context.token &&
      !snapshot.hasTag('loading') &&
      !snapshot.matches('revalidating')
    );
  });
}

/** Holds the viewer's marks hidden until the answers on screen are the member's. */
export function holdViewerMarks(
  system: AppSystem,
  root: HTMLElement = document.documentElement,
  setTimer: (run: () => void, ms: number) => unknown = setTimeout,
): void {
  if (!marksMayWait(root)) return;
  root.dataset.viewer = 'pending';
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    delete root.dataset.viewer;
    subscription.unsubscribe();
  };
  const subscription = system.system.inspect({
    next: () => {
      if (marksSettled(system)) release();
    },
  });
  if (marksSettled(system)) release();
  setTimer(release, HOLD_LIMIT_MS);
}

// The start-up half of the viewer marks (src/app/viewer-marks.ts): the member hint cookie the server reads,
// and whether this page's marks must wait hidden. A visitor's first visit loads nothing more; the code
// that lifts the hold loads only where there is a member to wait for.
import { MEMBER_HINT_COOKIE } from '../../domain/server-render.ts';
import { lookup } from '../../machines/system/actors.ts';
import { storedToken } from '../auth/session-effects.ts';
import type { AppSystem } from '../system/system-ref.ts';
// `data-viewer="pending"` hides the marks from the first paint: its rules come with the first load
import '../styles/viewer-marks.css';

const HINT_AGE_S = 60 * 60 * 24 * 30;

/** Keeps the member hint cookie as the session goes (the server reads it, never trusts it). */
export function bindMemberHint(system: AppSystem, doc: Document = document): () => void {
  const session = lookup(system.system, 'session');
  if (!session) return () => {};
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const write = (value: string, age: number) => {
    doc.cookie = `${MEMBER_HINT_COOKIE}=${value}; Max-Age=${age}; Path=/; SameSite=Lax${secure}`;
  };
  const subscriptions = [
    session.on('session.member', () => write('1', HINT_AGE_S)),
    session.on('session.visitor', () => write('', 0)),
    session.on('session.ended', () => write('', 0)),
  ];
  return () => subscriptions.forEach((s) => s.unsubscribe());
}

/**
 * Whether a member may be signed in here (the server's hint, or a stored token): the page's marks then
 * wait hidden until the member's answers are on screen (`holdViewerMarks`).
 */
export function marksMayWait(root: HTMLElement = document.documentElement): boolean {
  return root.dataset.viewer === 'pending' || storedToken() !== null;
}

import type { InspectionEvent, Observer } from 'xstate';

/**
 * Live inspection (development only): `?inspect` in the URL, or VITE_INSPECT=1, attaches Stately's
 * inspector to the root actor system. Loaded by dynamic import so it never reaches production.
 */
export async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const wanted = new URLSearchParams(location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
  if (!wanted) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector({ autoStart: true }).inspect;
}

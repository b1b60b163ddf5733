// Shared by the tests of a hydrated page's viewer marks (tests/views/viewer-marks.test.tsx,
// member-marks-start.test.tsx): a session that restores as given, and the snapshots a server renders `/`
// with for a visitor.
import { fromPromise, waitFor } from 'xstate';
import type { Restored } from '../../machines/auth/session.ts';
import { startAppSystem, systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { dehydrate } from '../../src/app/hydrate.ts';
import { fakeEffects } from './fake-effects.ts';

export function sessionAs(restored: Restored): AppEffects['session'] {
  const base = fakeEffects().session;
  return { ...base, actors: { ...base.actors, restoreSession: fromPromise(async () => restored) } };
}

/** The snapshots a server renders / with: the list for a visitor. */
export async function serverSnapshots(): Promise<ReturnType<typeof dehydrate>> {
  const server = startAppSystem({ effects: fakeEffects() });
  systemActor(server, 'promptList').send({ type: 'list.load', query: { page: 1 } });
  await waitFor(systemActor(server, 'promptList'), (s) => s.hasTag('ready'));
  const snapshots = dehydrate(server);
  server.stop();
  return snapshots;
}

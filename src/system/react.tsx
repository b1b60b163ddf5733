import { useSelector } from '@xstate/react';
import { createContext, use, useCallback, useContext, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SystemId } from '../../machines/domain/system-ids.ts';
import type { ToastKind } from '../../machines/toast.ts';
import { whenAttached, type AppSystem, type SystemActors } from './app-system.ts';

export type { AppSystem } from './app-system.ts';
export { sendToSystem } from './app-system.ts';

const SystemContext = createContext<AppSystem | null>(null);

export function AppSystemProvider({ system, children }: { system: AppSystem; children: ReactNode }) {
  return <SystemContext.Provider value={system}>{children}</SystemContext.Provider>;
}

export function useAppSystem(): AppSystem {
  const system = useContext(SystemContext);
  if (!system) throw new Error('useAppSystem needs <AppSystemProvider>');
  return system;
}

/** One promise per system and systemId, so a suspended view is resumed by the same one. */
const pending = new WeakMap<AppSystem, Map<SystemId, Promise<unknown>>>();

function attached<K extends SystemId>(system: AppSystem, id: K): Promise<SystemActors[K]> {
  let bySystem = pending.get(system);
  if (!bySystem) pending.set(system, (bySystem = new Map()));
  let promise = bySystem.get(id);
  if (!promise) bySystem.set(id, (promise = whenAttached(system, id)));
  return promise as Promise<SystemActors[K]>;
}

/**
 * The actor with this systemId. A page machine is attached by its route before the page renders; a
 * view that asks for one not attached yet suspends (the nearest Suspense boundary shows) until it is.
 */
export function useSystemActor<K extends SystemId>(id: K): SystemActors[K] {
  const system = useAppSystem();
  const ref = system.system.get(id) as SystemActors[K] | undefined;
  return ref ?? use(attached(system, id));
}

export function useSystemSelector<K extends SystemId, T>(
  id: K,
  selector: (snapshot: SnapshotFrom<SystemActors[K]>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const ref = useSystemActor(id);
  return useSelector(ref, selector as (snapshot: unknown) => T, compare);
}

export function useToast(): (kind: ToastKind, message: string) => void {
  const ref = useSystemActor('toast');
  return useCallback((kind, message) => ref.send({ type: 'toast.show', kind, message }), [ref]);
}

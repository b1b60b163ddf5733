import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SystemId } from '../../machines/domain/system-ids.ts';
import type { ToastKind } from '../../machines/toast.ts';
import { systemActor, type AppSystem, type SystemActors } from './app-system.ts';

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

export function useSystemActor<K extends SystemId>(id: K): SystemActors[K] {
  return systemActor(useAppSystem(), id);
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

import { useSelector } from '@xstate/react';
import { createContext, use, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/shim/with-selector';
import type { AnyActorRef, EventFrom, SnapshotFrom } from 'xstate';
import type { MemberMachineId } from '../../machines/app/app.ts';
import type { SystemId } from '../../machines/app/registry.ts';
import type { ToastKind } from '../../machines/shell/toast.ts';
import { whenAttached, type AppSystem, type SystemActors } from './system-ref.ts';
import { lookup } from '../../machines/system/actors.ts';

export type { AppSystem } from './system-ref.ts';
export { sendToSystem } from './system-ref.ts';

const SystemContext = createContext<AppSystem | null>(null);

/**
 * While React adopts a page the server rendered (src/main.tsx), the snapshots the server rendered the
 * actors the browser does not start from it with (the session, the connection): views read those
 * first, so the markup matches, then what the browser's actors hold. The member's machines, which the
 * server never runs, read as absent.
 */
export type HydrationSnapshots = Partial<Record<SystemId, unknown>>;
const HydrationContext = createContext<HydrationSnapshots | null>(null);

export function AppSystemProvider({
  system,
  hydration = null,
  children,
}: {
  system: AppSystem;
  hydration?: HydrationSnapshots | null;
  children: ReactNode;
}) {
  return (
    <SystemContext.Provider value={system}>
      <HydrationContext.Provider value={hydration}>{children}</HydrationContext.Provider>
    </SystemContext.Provider>
  );
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
  if (!promise) {
    const forgotten = bySystem;
    // forgotten once it resolves: a page machine stopped later (src/app/app-system.ts `release`) is
    // waited for afresh, not answered with the stopped one
    promise = whenAttached(system, id).finally(() => forgotten.delete(id));
    bySystem.set(id, promise);
  }
  return promise as Promise<SystemActors[K]>;
}

/**
 * The actor with this systemId. A page machine is attached by its route before the page renders; a
 * view that asks for one not attached yet suspends (the nearest Suspense boundary shows) until it is.
 */
export function useSystemActor<K extends SystemId>(id: K): SystemActors[K] {
  const system = useAppSystem();
  const ref = lookup(system.system, id);
  return ref ?? use(attached(system, id));
}

export function useSystemSelector<K extends SystemId, T>(
  id: K,
  selector: (snapshot: SnapshotFrom<SystemActors[K]>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const ref: AnyActorRef = useSystemActor(id);
  const server = useContext(HydrationContext)?.[id];
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = ref.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [ref],
  );
  const current = () => ref.getSnapshot() as unknown;
  return useSyncExternalStoreWithSelector(
    subscribe,
    current,
    // React reads this only while it hydrates the server's markup (and on the server itself)
    server === undefined ? current : () => server,
    selector as (snapshot: unknown) => T,
    compare,
  );
}

/**
 * For the member's machines (cart, favorites, inbox), which a visitor's first visit does not load: the
 * selected value once the machine runs, `absent` until then (a visitor's card shows "Add to cart" and
 * an empty heart without them). Never suspends.
 */
export function useMemberSelector<K extends MemberMachineId, T>(
  id: K,
  selector: (snapshot: SnapshotFrom<SystemActors[K]>) => T,
  absent: T,
): T {
  const system = useAppSystem();
  // the root's snapshot changes when the machine is spawned
  const ref: AnyActorRef | undefined = useSelector(system, () => lookup(system.system, id));
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!ref) return () => {};
      const subscription = ref.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [ref],
  );
  const read = () => (ref ? selector(ref.getSnapshot() as SnapshotFrom<SystemActors[K]>) : absent);
  const hydrating = useContext(HydrationContext) !== null;
  return useSyncExternalStore(subscribe, read, hydrating ? () => absent : read);
}

/** Sends to a member machine: at once when it runs, otherwise through the root, which loads it first. */
export function useMemberSend<K extends MemberMachineId>(id: K): (event: EventFrom<SystemActors[K]>) => void {
  const system = useAppSystem();
  return useCallback(
    (event) => {
      const ref = system.system.get(id);
      if (ref) ref.send(event);
      else system.send({ type: 'member.deliver', systemId: id, event });
    },
    [system, id],
  );
}

export function useToast(): (kind: ToastKind, message: string) => void {
  const ref = useSystemActor('toast');
  return useCallback((kind, message) => ref.send({ type: 'toast.show', kind, message }), [ref]);
}

import type { AnyActorRef } from 'xstate';

/**
 * The typed actor behind each systemId. Filled in by each machine file beside its machine
 * (`declare module './system/actors.ts'`), so adding an actor touches no list here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SystemActors {}

/** A systemId whose machine file declared its actor (machines/app/registry.ts checks every one does). */
export type DeclaredId = keyof SystemActors;

/**
 * The running actor with this systemId, typed as its machine's, or undefined when it does not run. The
 * one place a systemId becomes an actor: the registry (machines/app/app.ts, src/system/) and selectors read
 * other actors through it.
 */
export function lookup<K extends DeclaredId>(
  system: { get: (id: string) => AnyActorRef | undefined },
  id: K,
): SystemActors[K] | undefined {
  return system.get(id) as SystemActors[K] | undefined;
}

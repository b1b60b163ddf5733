import type { AnyActorRef } from 'xstate';
import type { SystemId } from './registry.ts';

/**
 * The typed actor behind each systemId. Filled in by each machine file beside its machine
 * (`declare module './system/actors.ts'`), so adding an actor touches no list here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SystemActors {}

// every systemId of the registry declares its actor (an actor left out fails to compile)
export type EveryActorDeclared = IsTrue<Exclude<SystemId, keyof SystemActors> extends never ? true : false>;
type IsTrue<T extends true> = T;

/**
 * The running actor with this systemId, typed as its machine's, or undefined when it does not run. The
 * one place a systemId becomes an actor: the registry (machines/app/app.ts, src/system/) and selectors read
 * other actors through it.
 */
export function lookup<K extends SystemId>(
  system: { get: (id: string) => AnyActorRef | undefined },
  id: K,
): SystemActors[K] | undefined {
  return system.get(id) as SystemActors[K] | undefined;
}

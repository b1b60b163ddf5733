// The running actor system as views and routes reach it: its type, and the actor behind a systemId.
// Below the features (they import it); the code that starts the system is src/app/app-system.ts.
import type { Actor, AnyActorRef, EventFrom } from 'xstate';
import type { appMachine } from '../../machines/app/app.ts';
import type { SystemId } from '../../machines/app/registry.ts';
import { lookup, type SystemActors } from '../../machines/system/actors.ts';

export type { SystemActors } from '../../machines/system/actors.ts';

/** The storefront's root actor (src/app/app-system.ts `startAppSystem`). */
export type AppSystem = Actor<typeof appMachine>;

/** Resolves with the actor once one with this systemId runs (page machines arrive with their route). */
export function whenAttached<K extends SystemId>(system: AppSystem, id: K): Promise<SystemActors[K]> {
  const ref = lookup(system.system, id);
  if (ref) return Promise.resolve(ref);
  return new Promise((resolve) => {
    const subscription = system.subscribe({
      next: () => {
        const attached = lookup(system.system, id);
        if (!attached) return;
        subscription.unsubscribe();
        resolve(attached);
      },
    });
  });
}

export function systemActor<K extends SystemId>(system: AppSystem, id: K): SystemActors[K] {
  const ref = lookup(system.system, id);
  if (!ref) throw new Error(`No actor with systemId "${id}" is running`);
  return ref;
}

/** For route loaders: send an event to a long-lived actor. */
export function sendToSystem<K extends SystemId>(
  system: AppSystem,
  id: K,
  event: EventFrom<SystemActors[K]>,
): void {
  (systemActor(system, id) as AnyActorRef).send(event);
}

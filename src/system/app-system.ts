import { createActor, fromPromise, type ActorOptions, type ActorRefFrom, type AnyActorRef, type EventFrom } from 'xstate';
import { appMachine } from '../../machines/app.ts';
import type { SystemId } from '../../machines/domain/system-ids.ts';
import type { hoverMenuMachine } from '../../machines/hover-menu.ts';
import { promptDetailMachine } from '../../machines/prompt-detail.ts';
import { promptListMachine } from '../../machines/prompt-list.ts';
import type { toastMachine } from '../../machines/toast.ts';
import { createApiClient } from '../effects/api.ts';
import { createCatalogEffects, type CatalogEffects } from '../effects/catalog.ts';

/** Every effect the machines need, in one object, so tests can hand in fakes. */
export type AppEffects = CatalogEffects;

export function browserEffects(): AppEffects {
  const api = createApiClient();
  return { ...createCatalogEffects(api) };
}

/** The machine definitions with src/'s effects provided (ARCHITECTURE.md: `machine.provide`). */
export function createAppLogic(effects: AppEffects) {
  return appMachine.provide({
    actors: {
      promptList: promptListMachine.provide({
        actors: { fetchPromptPage: fromPromise(({ input }) => effects.listPrompts(input)) },
      }),
      promptDetail: promptDetailMachine.provide({
        actors: { fetchPrompt: fromPromise(({ input }) => effects.getPrompt(input)) },
      }),
    },
  });
}

export interface StartOptions {
  effects?: AppEffects;
  inspect?: ActorOptions<typeof appMachine>['inspect'];
  clock?: ActorOptions<typeof appMachine>['clock'];
}

/** Starts the one root actor of the storefront. Call once (src/main.tsx), or per test. */
export function startAppSystem(options: StartOptions = {}) {
  const actor = createActor(createAppLogic(options.effects ?? browserEffects()), {
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  actor.start();
  return actor;
}

export type AppSystem = ReturnType<typeof startAppSystem>;

/** The typed actor behind each systemId. */
export interface SystemActors {
  toast: ActorRefFrom<typeof toastMachine>;
  categoryMenu: ActorRefFrom<typeof hoverMenuMachine>;
  accountMenu: ActorRefFrom<typeof hoverMenuMachine>;
  promptList: ActorRefFrom<typeof promptListMachine>;
  promptDetail: ActorRefFrom<typeof promptDetailMachine>;
}

export function systemActor<K extends SystemId>(system: AppSystem, id: K): SystemActors[K] {
  const ref: AnyActorRef | undefined = system.system.get(id);
  if (!ref) throw new Error(`No actor with systemId "${id}" is running`);
  return ref as SystemActors[K];
}

/** For route loaders: send an event to a long-lived actor. */
export function sendToSystem<K extends SystemId>(
  system: AppSystem,
  id: K,
  event: EventFrom<SystemActors[K]>,
): void {
  (systemActor(system, id) as AnyActorRef).send(event);
}

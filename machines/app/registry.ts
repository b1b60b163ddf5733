import { FOUND } from './registry.gen.ts';
import type { DeclaredId } from '../system/actors.ts';
import type { Addressee } from '../system/events.ts';

/**
 * The registry of the actor system (issue 16, docs/decisions/009-one-actor-system.md): every
 * long-lived actor by systemId, with where it comes from, which says when it starts and how long it
 * stays (its scope).
 *
 * - `app`: spawned by the root at start, for the life of the page (machines/app/app.ts).
 * - `signIn`: loaded with the first sign-in intent (a pointer on "Log in", a page that asks a visitor to
 *   log in), then stays.
 * - `member`: loaded with a member, a page that shows them or a visitor's first press of a card's
 *   button, then stays.
 * - any other value names the page module that provides it (src/app/app-system.ts `PAGE_MODULES`):
 *   scope `page`, loaded by the first route that needs it (`ensure`), stopped once no page on screen
 *   needs it (`release`).
 *
 * Each feature keeps its part in its own folder (`export const registry` in machines/<feature>/registry.ts,
 * or in a machine file of its own); scripts/discover.ts gathers them into registry.gen.ts, so a new
 * feature's machine registers itself.
 */
export const REGISTRY = FOUND;

/** The systemId of a long-lived actor. */
export type SystemId = keyof typeof REGISTRY;

// every systemId of the registry declares its actor and its events beside its machine
// (machines/system/actors.ts, events.ts): an actor left out fails to compile
export type EveryActorDeclared = IsTrue<Exclude<SystemId, DeclaredId> extends never ? true : false>;
export type EveryEventsDeclared = IsTrue<Exclude<SystemId, Addressee> extends never ? true : false>;
type IsTrue<T extends true> = T;

type Source = (typeof REGISTRY)[SystemId];

/** A page module's name (src/ maps each to its import). */
export type PageModule = Exclude<Source, 'app' | 'signIn' | 'member'>;

export type Scope = 'app' | 'signIn' | 'member' | 'page';

/** When an actor starts and how long it stays. */
export const scopeOf = (id: SystemId): Scope => {
  const source = REGISTRY[id];
  return source === 'app' || source === 'signIn' || source === 'member' ? source : 'page';
};

type SourceOf<S extends Scope> = S extends 'page' ? PageModule : S;

/** The systemIds of one scope. */
export type IdIn<S extends Scope> = {
  [K in SystemId]: (typeof REGISTRY)[K] extends SourceOf<S> ? K : never;
}[SystemId];

/** The systemIds of one scope, in the registry's order. */
export const idsIn = <S extends Scope>(scope: S): IdIn<S>[] =>
  (Object.keys(REGISTRY) as SystemId[]).filter((id): id is IdIn<S> => scopeOf(id) === scope);

/**
 * The contract between actors (issue 16): for each systemId, the events its actor takes. `tell`
 * (./tell.ts) and src/'s `tell` accept only these, so a message to another actor is checked
 * against what that actor handles, with no casts.
 */
// Filled in by each machine file beside its machine (`declare module './system/events.ts'`), so adding
// an actor touches no list here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SystemEvents {}

/** Every actor a message can be addressed to: the root and each long-lived actor. */
export type Addressee = keyof SystemEvents;

/** A message with its addressee, for lists of messages sent later (retries on restore, held deliveries). */
export type Letter<K extends Addressee = Addressee> = {
  [Id in K]: { systemId: Id; event: SystemEvents[Id] };
}[K];

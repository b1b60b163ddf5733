// Small helpers the model tests' targets share beside the harness (tests/support/spec-replay.ts): what
// the listeners heard, written down the ways the models expect it; the effects a machine has under way;
// a machine run with only some of its effects, for the tests that check what an unprovided one says;
// and sequences of steps written out by hand as paths.
import {
  createActor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import {
  specStepLabel,
  withListeners,
  type Heard,
  type SpecModel,
  type SpecPath,
  type SpecStep,
} from './spec-model.ts';
import { pathOf } from './spec-replay.ts';

/** What the listeners heard, in order, one line an event: its type, then its other values. */
export const heardLines = (heard: Heard[]): string[] =>
  heard.map(({ event: { type, ...rest } }) => [type, ...Object.values(rest)].join(' '));

/** What the listeners heard, in order, one line an event: who was told, then the event as JSON. */
export const heardJson = (heard: Heard[]): string[] =>
  heard.map(({ to, event }) => `${to} ${JSON.stringify(event)}`);

/** The events a listener heard, in order. */
export const heardBy = (heard: Heard[], to: string): AnyEventObject[] =>
  heard.filter((h) => h.to === to).map((h) => h.event);

/** What the toast queue was asked: a toast shown by its kind and message, any other event by its type. */
export const toastsHeard = (heard: Heard[]): unknown[] =>
  heardBy(heard, 'toast').map(({ type, kind, message }) =>
    type === 'toast.show' ? { kind, message } : { type },
  );

/** The effects under way, by the name the machine gives them (its children invoked from `effects`). */
export const running = (snapshot: AnyMachineSnapshot, effects: readonly string[]): string[] =>
  Object.entries(snapshot.children as Record<string, AnyActorRef>)
    .filter(([, child]) => effects.includes(child.src as string))
    .map(([id]) => id)
    .sort();

/**
 * The machine with only `provided` of its effects (the rest as src/ leaves them: unprovided) and
 * `listeners` beside it, each event sent and the promises settled after it: its last snapshot and what
 * the listeners heard.
 */
export async function runWithout(
  machine: AnyStateMachine,
  events: AnyEventObject[],
  { provided = {}, listeners = [] }: { provided?: Record<string, unknown>; listeners?: string[] } = {},
): Promise<{ snapshot: AnyMachineSnapshot; heard: Heard[] }> {
  const heard: Heard[] = [];
  const actor = createActor(
    withListeners(machine.provide({ actors: provided as never }), listeners, heard),
  ).start();
  for (const event of events) {
    actor.send(event);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  actor.stop();
  return { snapshot, heard };
}

/** Sequences of steps written out by hand, each a path titled "sequence: " and its steps. */
export const writtenPaths = <S>(model: SpecModel<S>, sequences: SpecStep[][]): SpecPath<S>[] =>
  sequences.map((steps) => pathOf(model, `sequence: ${steps.map(specStepLabel).join(' · ')}`, steps));

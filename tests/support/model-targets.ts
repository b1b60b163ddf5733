// Small pieces the machines' replay targets (tests/machines/*.model.test.ts) share beside the harness
// (tests/support/spec-replay.ts): the machine's own session follower run against a stand-in session,
// the machine's children besides its listeners, what the listeners heard (`ReplayTarget.listeners`) as
// the models write it down, the effects under way, a machine run with only some of its effects, and
// sequences of steps written out by hand as paths, the target of a page that loads one list, and the
// resend button a page hands on as the page shows it.
import {
  createActor,
  fromCallback,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ActorRefFrom,
  type EventObject,
} from 'xstate';
import type { resendEmailMachine } from '../../machines/auth/resend-email.ts';
import * as button from '../../machines/auth/resend-email.selectors.ts';
import { followSession, type SessionFollow } from '../../machines/system/follow-session.ts';
import {
  specStepLabel,
  withListeners,
  type Heard,
  type ReplayTarget,
  type SpecModel,
  type SpecPath,
  type SpecStep,
} from './spec-model.ts';
import { pathOf } from './spec-replay.ts';

/** The follower's callback, as `fromCallback` keeps it. */
const follow = followSession.config as (args: unknown) => (() => void) | void;

/**
 * The session events being handed to followers right now. A follower started while one is handed (its
 * machine restarted by what it was told) did not hear it: the session spoke before it subscribed.
 */
const handing: object[] = [];

/**
 * The machine's own session follower (provide it as `followSession`), run against a stand-in session:
 * each `session.*` event the path sends to the machine is what the session emits, with `extra` added
 * (a token the model leaves out).
 */
export const followStandInSession = (extra: object = {}) =>
  fromCallback<EventObject, SessionFollow<AnyEventObject>>((args) => {
    const handlers = new Map<string, ((e: AnyEventObject) => void)[]>();
    const session = {
      on: (type: string, handler: (e: AnyEventObject) => void) => {
        handlers.set(type, [...(handlers.get(type) ?? []), handler]);
        return {
          unsubscribe: () =>
            handlers.set(
              type,
              (handlers.get(type) ?? []).filter((h) => h !== handler),
            ),
        };
      },
    };
    const parent = (args.self as AnyActorRef)._parent;
    const before = [...handing];
    const inspection = args.system.inspect((e) => {
      if (e.type !== '@xstate.event' || e.actorRef !== parent || !e.event.type.startsWith('session.')) return;
      if (before.includes(e)) return;
      handing.push(e);
      try {
        for (const handler of handlers.get(e.event.type) ?? []) handler({ ...extra, ...e.event });
      } finally {
        handing.pop();
      }
    });
    const system = {
      ...args.system,
      get: (id: string) => (id === 'session' ? session : args.system.get(id)),
    };
    const stop = follow({ ...args, system });
    return () => {
      inspection.unsubscribe();
      if (typeof stop === 'function') stop();
    };
  });

/** The ids of the machine's children, leaving out the listeners that run beside it. */
export const ownChildren = (
  snapshot: AnyMachineSnapshot,
  actor: AnyActorRef,
  listeners: readonly string[],
): string[] => {
  const beside = listeners.map((id) => actor.system.get(id) as AnyActorRef | undefined);
  return Object.entries(snapshot.children as Record<string, AnyActorRef>)
    .filter(([, child]) => !beside.includes(child))
    .map(([id]) => id);
};

/** The events one listener heard, in order. */
export const heardBy = (heard: readonly Heard[], to: string): AnyEventObject[] =>
  heard.filter((h) => h.to === to).map((h) => h.event);

/** What every listener heard, in order, each as "<systemId> <the event as JSON>". */
export const heardJson = (heard: readonly Heard[]): string[] =>
  heard.map(({ to, event }) => `${to} ${JSON.stringify(event)}`);

/** What the listeners heard, in order, one line an event: its type, then its other values. */
export const heardLines = (heard: Heard[]): string[] =>
  heard.map(({ event: { type, ...rest } }) => [type, ...Object.values(rest)].join(' '));

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

/**
 * A page that loads a list with one call (`effect`) and no one beside it: its tags among loading,
 * ready and error, the call under way, and what each of `shows` (its selectors, by name) shows.
 */
export const listPageTarget = (
  machine: AnyStateMachine,
  effect: string,
  shows: Record<string, (snapshot: never) => unknown>,
): ReplayTarget => ({
  machine,
  effects: [effect],
  observe: ({ snapshot }) => ({
    tags: ['loading', 'ready', 'error'].filter((tag) => snapshot.hasTag(tag)),
    running: Object.keys(snapshot.children),
    ...Object.fromEntries(Object.entries(shows).map(([name, select]) => [name, select(snapshot as never)])),
  }),
});

/**
 * A notice that hands the page a resend button (machines/auth/resend-email.ts): what each of `shows`
 * (its selectors, by name) shows, and the button as the page shows it (the address, whether it can be
 * pressed, the seconds left and, with `result`, the last answer), or null without one.
 */
export const resendNoticeTarget = (
  machine: AnyStateMachine,
  view: Record<string, (snapshot: never) => unknown> & {
    resend: (snapshot: never) => ActorRefFrom<typeof resendEmailMachine> | undefined;
  },
  shows: string[],
  { result = false } = {},
): ReplayTarget => ({
  machine,
  observe: ({ snapshot }) => {
    const resend = view.resend(snapshot as never)?.getSnapshot();
    const shown = resend && {
      email: resend.context.email,
      disabled: button.disabled(resend),
      secondsLeft: button.secondsLeft(resend),
    };
    return {
      ...Object.fromEntries(shows.map((name) => [name, view[name]!(snapshot as never)])),
      resend: shown && result ? { ...shown, result: button.result(resend) } : (shown ?? null),
    };
  },
});

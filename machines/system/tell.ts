import {
  enqueueActions,
  type ActionArgs,
  type AnyActorRef,
  type EventObject,
  type MachineContext,
  type ParameterizedObject,
} from 'xstate';
import type { Addressee, SystemEvents } from './events.ts';

/** What `enqueue` offers that `relay` needs: a deferred send, as `sendTo` makes. */
interface Enqueue {
  sendTo: (to: AnyActorRef, event: EventObject) => void;
}

/**
 * Queues `event` for the actor with systemId `to`, inside an `enqueueActions` body. An actor that does
 * not run is not sent anything: XState would deliver the event back to the sender (`sendTo` with no
 * target sends to self), which the inspector shows as the sender receiving another actor's event. The
 * root (`app`) always runs.
 */
export function relay<K extends Addressee>(
  enqueue: Enqueue,
  system: { get: (id: string) => AnyActorRef | undefined },
  to: K,
  event: SystemEvents[K],
): void {
  const target = system.get(to);
  if (target) enqueue.sendTo(target, event);
}

/**
 * An action that sends a typed message to another long-lived actor by systemId: the event, or an
 * expression of the action's arguments and params that makes it. Dropped when that actor does not run
 * (see `relay`); its type is the addressee's own (machines/system/events.ts), so no cast is needed.
 */
export function tell<
  K extends Addressee,
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined,
  TEvent extends EventObject,
>(
  to: K,
  message:
    | SystemEvents[K]
    | ((args: ActionArgs<TContext, TExpressionEvent, TEvent>, params: TParams) => SystemEvents[K]),
) {
  // never for the actors, actions, guards, delays and emitted events it may use: it uses none, so it
  // fits any machine's setup (as `sendTo` does)
  return enqueueActions<TContext, TExpressionEvent, TParams, TEvent, never, never, never, never, never>(
    (args, params) => {
      const { enqueue, system, context, event, self } = args;
      const made =
        typeof message === 'function' ? message({ context, event, self, system }, params) : message;
      relay(enqueue, system, to, made);
    },
  );
}

import { enqueueActions, type AnyEventObject, type EventObject, type MachineContext } from 'xstate';
import type { SystemId } from './system-ids.ts';

/**
 * Sends an event to a long-lived actor by systemId when it runs, and does nothing when it does not
 * (a machine tested alone has no toast or cart actor beside it). An optional named delay.
 */
export function notifySystem<TContext extends MachineContext, TEvent extends EventObject>(
  id: SystemId,
  event: AnyEventObject | ((args: { context: TContext; event: TEvent }) => AnyEventObject),
  options: { delay?: string | number } = {},
) {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, string, EventObject>(
    ({ context, event: current, system, enqueue }) => {
      const target = system.get(id);
      if (!target) return;
      const payload = typeof event === 'function' ? event({ context, event: current }) : event;
      enqueue.sendTo(target, payload, options.delay !== undefined ? { delay: options.delay } : undefined);
    },
  );
}

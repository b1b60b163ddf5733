// Development only (loaded by src/main.tsx when `npm run replay` asks for it): holds the effects of
// the machine under replay so each `xstate.done.actor.*` / `xstate.error.actor.*` step of a model
// path settles exactly one call, when the path says; and finds the live actors of any machine, so
// the replay can compare the page's machine state with the path's.
import type { AnyActorRef, InspectionEvent, Observer } from 'xstate';
import type { AppEffects } from './app-system.ts';

export interface ReplayRequest {
  /** Effect names (keys of AppEffects) whose calls the replay settles. */
  held: string[];
}

interface Pending {
  effect: string;
  input: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface ReplayHandle {
  /** Calls made so far per held effect (settled or not). */
  calls: Record<string, number>;
  pendingOf(effect: string): number;
  /** Settles the newest pending call of an effect; older ones belong to requests already dropped. */
  settle(
    effect: string,
    outcome: { output: unknown } | { error: { message: string; status?: number } },
  ): boolean;
  /** The state value and context of the newest live actor of a machine (by machine id), or of the
   * actor with that systemId when several run the same machine (the two header menus). */
  snapshotOf(
    machineId: string,
    systemId?: string,
  ): { value: unknown; context: unknown; status: string; children: string[] } | null;
  /** Sends an event straight to that actor: for steps no person can take (another actor's event). */
  send(machineId: string, systemId: string | undefined, event: { type: string }): boolean;
}

declare global {
  interface Window {
    __fruitReplay?: ReplayRequest;
    __fruitReplayHandle?: ReplayHandle;
    __fruitReplayNavigate?: (href: string) => void;
  }
}

export function startReplay(
  effects: AppEffects,
  request: ReplayRequest,
  makeError: (message: string, status: number) => Error,
): { effects: AppEffects; inspect: Observer<InspectionEvent> } {
  const pending: Pending[] = [];
  const calls: Record<string, number> = {};
  const held = { ...effects } as Record<string, unknown>;
  for (const name of request.held) {
    if (typeof held[name] !== 'function') throw new Error(`Replay: no effect named ${name}`);
    held[name] = (...input: unknown[]) =>
      new Promise((resolve, reject) => {
        calls[name] = (calls[name] ?? 0) + 1;
        pending.push({ effect: name, input, resolve, reject });
      });
  }
  const actors = new Map<string, AnyActorRef[]>();
  const inspect: Observer<InspectionEvent> = {
    next: (event) => {
      if (event.type !== '@xstate.actor') return;
      const id = (event.actorRef as { logic?: { id?: string } }).logic?.id;
      if (!id) return;
      actors.set(id, [...(actors.get(id) ?? []), event.actorRef as AnyActorRef]);
    },
  };
  const liveActor = (machineId: string, systemId?: string): AnyActorRef | undefined =>
    (actors.get(machineId) ?? [])
      .filter((a) => (a.getSnapshot() as { status: string }).status === 'active')
      .filter((a) => systemId === undefined || (a as { systemId?: string }).systemId === systemId)
      .at(-1);
  window.__fruitReplayHandle = {
    calls,
    pendingOf: (effect) => pending.filter((p) => p.effect === effect).length,
    settle(effect, outcome) {
      const mine = pending.filter((p) => p.effect === effect);
      const newest = mine.at(-1);
      if (!newest) return false;
      for (const p of mine) pending.splice(pending.indexOf(p), 1);
      if ('output' in outcome) newest.resolve(outcome.output);
      else newest.reject(makeError(outcome.error.message, outcome.error.status ?? 0));
      return true;
    },
    snapshotOf(machineId, systemId) {
      const actor = liveActor(machineId, systemId);
      if (!actor) return null;
      const s = actor.getSnapshot() as { value: unknown; context: unknown; status: string };
      return {
        value: s.value,
        context: JSON.parse(JSON.stringify(s.context ?? null)),
        status: s.status,
        // the ids of the actors it runs (a child's own state is asked for by its machine id)
        children: Object.keys((s as { children?: object }).children ?? {}),
      };
    },
    send(machineId, systemId, event) {
      const actor = liveActor(machineId, systemId);
      actor?.send(event);
      return actor !== undefined;
    },
  };
  return { effects: held as unknown as AppEffects, inspect };
}

// Whether the API can be reached (issue 9; README "The API going away"). Online until an API call
// fails at the network level; then the banner says the API cannot be reached, and `GET /api/health`
// is probed after 2, 4, 8, 16, then every 30 s (each failed probe doubles the wait, up to 30 s), or at
// once on the browser's `online` event. When a probe answers, or any other API call does, the API is
// back: "Back online." shows for 3000 ms, and each page machine that runs hears its retry (a page whose
// load failed loads again; one that does not run hears nothing). The next outage starts over at 2 s.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type ConnectionMode = 'online' | 'restored' | 'offline' | 'probing';

export interface ConnectionState {
  mode: ConnectionMode;
  /** Failed probes since the API was lost. */
  failed: number;
  /** Milliseconds spent offline waiting for the next probe, or showing "Back online.". */
  elapsed: number;
  /** How many times the API came back (each time the pages hear their retries). */
  restores: number;
  /** Probes made pointless by another answer before they answered: their answers change nothing. */
  staleProbes: number;
}

/** The wait before the probe after `failed` failed probes: 2, 4, 8, 16, then 30 s. */
export const probeWait = (failed: number): number => [2000, 4000, 8000, 16_000][failed] ?? 30_000;
/** How long "Back online." stays up. */
export const RESTORED_NOTICE = 3000;

/** The page machines that ask to hear a retry when the API is back; `orderList` does not run. */
export const RETRY_TARGETS = [
  { systemId: 'promptList', event: { type: 'list.retry' } },
  { systemId: 'promptDetail', event: { type: 'detail.retry' } },
  { systemId: 'promptDetail', event: { type: 'detail.relatedRetry' } },
  { systemId: 'orderList', event: { type: 'orders.retry' } },
] as const;
export const RUNNING_PAGES = ['promptList', 'promptDetail'] as const;

export const LOST = { send: { type: 'connection.lost' } } as const;
export const REACHED = { send: { type: 'connection.reached' } } as const;
export const BROWSER_ONLINE = { send: { type: 'connection.browserOnline' } } as const;
export const PROBE_ANSWERS = { settle: 'probe' } as const;
export const PROBE_FAILS = { fail: 'probe' } as const;

const PROBE: EffectCall = { actor: 'probe', input: undefined };

const INITIAL: ConnectionState = { mode: 'online', failed: 0, elapsed: 0, restores: 0, staleProbes: 0 };

function next(s: ConnectionState, step: SpecStep): ConnectionState {
  const back = (): ConnectionState => ({
    ...s,
    mode: 'restored',
    failed: 0,
    elapsed: 0,
    restores: s.restores + 1,
  });
  if ('send' in step) {
    switch (step.send.type) {
      case 'connection.lost':
        return s.mode === 'online' || s.mode === 'restored'
          ? { ...s, mode: 'offline', failed: 0, elapsed: 0 }
          : s;
      case 'connection.reached':
        if (s.mode === 'probing') return { ...back(), staleProbes: s.staleProbes + 1 };
        return s.mode === 'offline' ? back() : s;
      case 'connection.browserOnline':
        return s.mode === 'offline' ? { ...s, mode: 'probing', elapsed: 0 } : s;
      default:
        return s;
    }
  }
  // the oldest probe still pending answers first
  if (('settle' in step || 'fail' in step) && s.staleProbes) return { ...s, staleProbes: s.staleProbes - 1 };
  if ('settle' in step) return s.mode === 'probing' ? back() : s;
  if ('fail' in step)
    return s.mode === 'probing' ? { ...s, mode: 'offline', failed: s.failed + 1, elapsed: 0 } : s;
  const elapsed = s.elapsed + step.wait;
  if (s.mode === 'offline')
    return elapsed >= probeWait(s.failed) ? { ...s, mode: 'probing', elapsed: 0 } : { ...s, elapsed };
  if (s.mode === 'restored')
    return elapsed >= RESTORED_NOTICE ? { ...s, mode: 'online', elapsed: 0 } : { ...s, elapsed };
  return s;
}

/** What each running page has heard: its retries, once per return of the API, in order. */
export const heardOf = (restores: number, retries = true): Record<string, string[]> =>
  Object.fromEntries(
    RUNNING_PAGES.map((page) => [
      page,
      Array.from({ length: restores }).flatMap(() =>
        RETRY_TARGETS.filter((t) => retries && t.systemId === page).map((t) => t.event.type),
      ),
    ]),
  );

/**
 * `retries`: whether the machine was given the page machines to tell (the app always gives them;
 * without them the API still comes back, and nobody is told to retry).
 */
export const connectionSpec = (retries = true): SpecModel<ConnectionState> => ({
  name: 'connection',
  spec: 'issue 9 / README "The API going away" (probes after 2, 4, 8, 16, then 30 s; pages retry)',
  initial: INITIAL,
  steps: (s) => {
    const steps: SpecStep[] = [LOST, REACHED, BROWSER_ONLINE];
    const deadline =
      s.mode === 'offline' ? probeWait(s.failed) : s.mode === 'restored' ? RESTORED_NOTICE : null;
    // a moment before the deadline, then the deadline itself; otherwise a long wait changes nothing
    if (deadline === null) steps.push({ wait: 30_000 });
    else steps.push({ wait: s.elapsed === 0 ? deadline - 1 : deadline - s.elapsed });
    if (s.mode === 'probing' || s.staleProbes) steps.push(PROBE_ANSWERS, PROBE_FAILS);
    return steps;
  },
  next,
  expect: (s) => ({
    banner:
      s.mode === 'offline' || s.mode === 'probing' ? 'offline' : s.mode === 'restored' ? 'restored' : null,
    heard: heardOf(s.restores, retries),
    announced: s.restores,
  }),
  calls: (before, _step, after) => (after.mode === 'probing' && before.mode !== 'probing' ? [PROBE] : []),
  label: (s) =>
    `${s.mode}${s.mode === 'offline' || s.mode === 'probing' ? ` after ${s.failed} failed probes` : ''}` +
    `${s.elapsed ? ` +${s.elapsed} ms` : ''}${s.restores ? `, back ${s.restores}×` : ''}` +
    `${s.staleProbes ? `, ${s.staleProbes} old probe pending` : ''}`,
  maxDepth: 6,
});

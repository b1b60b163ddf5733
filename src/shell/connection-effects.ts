// Whether the API can be reached: what API calls find out (reported by the API client), the browser's
// `online` event, and the health probe, for machines/shell/connection.ts.
import type { ConnectionEvent } from '../../machines/shell/connection.ts';
import type { ApiClient } from '../platform/api.ts';

export interface ConnectionEffects {
  /** GET /api/health: resolves when the server answers that it is up, rejects otherwise. */
  probe: () => Promise<void>;
  /** Calls `listener` with each connection event until the returned function is called. */
  watch: (listener: (event: ConnectionEvent) => void) => () => void;
}

/** The API client's reports, fanned out to whoever watches (the connection machine). */
export function createReachabilityReports() {
  const listeners = new Set<(event: ConnectionEvent) => void>();
  return {
    /** Give this to `createApiClient({ onReachability })`. */
    report: (reached: boolean): void => {
      const event: ConnectionEvent = { type: reached ? 'connection.reached' : 'connection.lost' };
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener: (event: ConnectionEvent) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * `probeApi` should not report to `reports` (a client without `onReachability`): the health check
 * answers 503 while the database is down, an envelope that would otherwise count as reached.
 */
export function createConnectionEffects(
  probeApi: ApiClient,
  reports: ReturnType<typeof createReachabilityReports>,
): ConnectionEffects {
  return {
    probe: async () => {
      await probeApi.get('/api/health');
    },
    watch: (listener) => {
      const stop = reports.subscribe(listener);
      if (typeof window === 'undefined') return stop;
      const onOnline = () => listener({ type: 'connection.browserOnline' });
      window.addEventListener('online', onOnline);
      return () => {
        stop();
        window.removeEventListener('online', onOnline);
      };
    },
  };
}

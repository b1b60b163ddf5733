// Issue 19's goals, checked per database engine on the numbers of one run:
//
// - API, 50 connections: the list (`/api/prompts?page=1&pageSize=24`), the detail call and the
//   server-rendered `/` at least 0.5× the requests per second of `/api/health` measured in the same
//   server; the search (`/api/prompts?q=portrait&…`) at least 0.3×, and its p99 at most 100 ms; no
//   timeouts on any route.
// - Search on 100,000 prompts, 200 varied queries: p95 ≤ 10 ms, p99 ≤ 20 ms (search.ts, SEARCH_BUDGET).
//
// A ratio only counts when every answer of that route was a 2xx: errors answered fast must not pass.
import type { ApiMeasure, ApiResult } from './api.ts';
import { SEARCH_BUDGET, type SearchBenchResult } from './search.ts';

export type Engine = 'pglite' | 'postgres';
export const ENGINE_NAMES: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** Minimum req/s as a fraction of health's, per route name (api targets in run.ts). */
export const API_RPS_GOALS: Readonly<Record<string, number>> = {
  list: 0.5,
  detail: 0.5,
  'html /': 0.5,
  search: 0.3,
};
export const API_SEARCH_P99_MS = 100;

export interface GoalCheck {
  engine: Engine;
  area: 'API' | 'Search';
  /** What is checked, e.g. "list req/s vs health". */
  measure: string;
  goal: string;
  /** The measured value, as text. */
  value: string;
  pass: boolean;
}

const allAnswered = (m: ApiMeasure) => m.requests > 0 && m.non2xx === 0 && m.errors === 0;

export function apiGoals(api: ApiResult): GoalCheck[] {
  const checks: GoalCheck[] = [];
  const check = (c: Omit<GoalCheck, 'engine' | 'area'>) =>
    checks.push({ engine: api.engine, area: 'API', ...c });
  for (const [name, min] of Object.entries(API_RPS_GOALS)) {
    const m = api.routes.find((r) => r.name === name);
    if (!m) {
      check({ measure: `${name} req/s vs health`, goal: `≥ ${min}×`, value: 'not measured', pass: false });
      if (name === 'search')
        check({
          measure: 'search p99',
          goal: `≤ ${API_SEARCH_P99_MS} ms`,
          value: 'not measured',
          pass: false,
        });
      continue;
    }
    const ok = allAnswered(m);
    check({
      measure: `${name} req/s vs health`,
      goal: `≥ ${min}×`,
      value: `${m.rpsRatio.toFixed(2)}×${ok ? '' : ' (not all answers 2xx)'}`,
      pass: ok && m.rpsRatio >= min,
    });
    if (name === 'search') {
      check({
        measure: 'search p99',
        goal: `≤ ${API_SEARCH_P99_MS} ms`,
        value: `${m.p99} ms`,
        pass: ok && m.p99 <= API_SEARCH_P99_MS,
      });
    }
  }
  const timeouts = api.routes.reduce((n, r) => n + r.timeouts, 0);
  const errors = api.routes.reduce((n, r) => n + r.errors, 0);
  check({
    measure: 'timeouts (all routes)',
    goal: '0',
    value: `${timeouts}${errors > timeouts ? ` (and ${errors - timeouts} other errors)` : ''}`,
    pass: timeouts === 0,
  });
  return checks;
}

export function searchGoals(s: SearchBenchResult): GoalCheck[] {
  const at = `${s.prompts.toLocaleString('en')} prompts`;
  const budget = { p95: SEARCH_BUDGET.p95Ms, p99: SEARCH_BUDGET.p99Ms };
  return (['p95', 'p99'] as const).map((p) => ({
    engine: s.engine,
    area: 'Search',
    measure: `${p}, ${at}`,
    goal: `≤ ${budget[p]} ms`,
    value: `${s[p].toFixed(1)} ms`,
    pass: s[p] <= budget[p],
  }));
}

// The bench's report as one JSON document (scripts/bench/report.ts): what a run records of each stage, and
// issue 19's goals checked on its numbers.
import type { ApiResult } from './api.ts';
import type { BrowserResult } from './browser.ts';
import type { BundleResult } from './bundle.ts';
import { apiGoals, searchGoals, type Engine, type GoalCheck } from './goals.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { SearchBenchResult } from './search.ts';

export interface StageRecord {
  name: string;
  ms: number;
  /** 1-minute load average before and after: on a shared machine this says how much to trust the stage. */
  loadBefore: number;
  loadAfter: number;
  error?: string;
}

export interface BenchReport {
  meta: {
    startedAt: string;
    finishedAt: string;
    totalMs: number;
    mode: 'full' | 'quick' | 'partial';
    commit: string;
    dirty: boolean;
    node: string;
    chromium: string;
    lighthouse: string;
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    /** The @electric-sql/pglite package the server and the search stage use. */
    pglite: string;
    settings: Record<string, unknown>;
    /** Things that make this run's numbers less trustworthy (shared dist/ rebuilt, ...). */
    warnings: string[];
  };
  stages: StageRecord[];
  bundle?: BundleResult;
  lighthouse?: LighthouseResult;
  /** Per engine: the same routes on the server started on PGlite, then on PostgreSQL. */
  api?: Partial<Record<Engine, ApiResult>>;
  /** Per engine: the same catalog and queries. */
  search?: Partial<Record<Engine, SearchBenchResult>>;
  /** The scratch PostgreSQL cluster, or why there was none (scripts/bench/postgres.ts). */
  postgres?: PostgresInfo;
  /** Issue 19's goals checked on this run's numbers (goals.ts), per engine. */
  goals?: GoalCheck[];
  browser?: BrowserResult;
}

export type PostgresInfo =
  | { status: 'measured'; version: string; settings: Record<string, string> }
  | { status: 'unavailable'; reason: string }
  | { status: 'not requested' };

export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

/** Every goal check the report's numbers allow, PGlite's first. */
export function goalChecks(r: Pick<BenchReport, 'api' | 'search'>): GoalCheck[] {
  return ENGINES.flatMap((e) => [
    ...(r.api?.[e] ? apiGoals(r.api[e]) : []),
    ...(r.search?.[e] ? searchGoals(r.search[e]) : []),
  ]);
}

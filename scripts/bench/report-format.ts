// Numbers and tables as the bench's Markdown report writes them (scripts/bench/report.ts).
import type { BenchReport } from './report-model.ts';

export const ms0 = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : `${v.toFixed(0)} ms`;
export const ms1 = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : `${v.toFixed(1)} ms`;
export const sec = (v: number | null | undefined) =>
  v === null || v === undefined ? '–' : `${(v / 1000).toFixed(2)} s`;
export const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
export const ratio = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : '–');
export const pct = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(0)}%` : '–';

/** A Markdown table; columns whose cells are all numbers (with units) are right-aligned. */
export function table(head: string[], rows: (string | number)[][]): string {
  const numeric = (v: string | number | undefined) =>
    typeof v === 'number' || /^(-?[\d.,]+|–)( ?[a-zA-Z%×]+)?$/.test(String(v));
  const sep = head.map((_, i) => (rows.length > 0 && rows.every((r) => numeric(r[i])) ? '---:' : '---'));
  return [head, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

export const mark = (pass: boolean) => (pass ? '✔' : '✘');

export const postgresMissing = (r: BenchReport) =>
  r.postgres?.status === 'unavailable'
    ? `Not measured: ${r.postgres.reason}.`
    : r.postgres?.status === 'not requested'
      ? 'Not measured (left out with --engines).'
      : 'Not measured.';

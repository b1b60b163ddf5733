// Small helpers shared by the bench stages: progress lines, timing, percentiles, gzip sizes, and the
// Chromium flags every browser the bench starts needs.
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/support/chromium.ts';

const started = performance.now();

/** One progress line, prefixed with the time since the bench started (so slow stages stand out). */
export function log(line: string): void {
  const s = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[${s}s] ${line}\n`);
}

/** Runs one stage, logging its start and its duration; the duration (ms) is returned with the value. */
export async function stage<T>(name: string, run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  log(`▶ ${name}`);
  const t0 = performance.now();
  const value = await run();
  const ms = performance.now() - t0;
  log(`✔ ${name} (${(ms / 1000).toFixed(1)} s)`);
  return { value, ms };
}

/** Nearest-rank percentile of an ascending array (the value at or below which p% of samples lie). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/** The median of any array (the middle value; the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/**
 * Gzipped size at zlib's default level (6), the number Vite's own build report and most size tools
 * print; the server compresses on the fly (brotli first), so real transfers are a little smaller.
 */
export const gzipSize = (bytes: Uint8Array | string): number => gzipSync(bytes).length;

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
export const msText = (ms: number): string => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'n/a');

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Debian's Chromium; override with CHROMIUM_PATH (the end-to-end tests read the same variable). */
export const CHROMIUM_PATH = CHROMIUM;

/**
 * Flags for every Chromium the bench starts. The machine has no outside network: without the
 * background-networking/component-update/sync flags Chromium keeps trying Google hosts and stalls
 * page loads; --no-sandbox because the bench may run as root in a container; no GPU here.
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  '--no-default-browser-check',
  '--disable-extensions',
  '--mute-audio',
];

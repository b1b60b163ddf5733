// Effects whose module loads on first use, so the first page does not carry code only a later step
// needs (docs/decisions/006-lazy-page-machines.md).

/**
 * A family of async effects (`createXEffects(api)`), created the first time any of them is called:
 * each name becomes a function that loads the family once and calls through. A failed load is tried
 * again on the next call (the network may be back).
 */
export function lazyEffects<T extends object>(
  load: () => Promise<T>,
  names: readonly (keyof T & string)[],
): T {
  let family: Promise<T> | null = null;
  const get = () =>
    (family ??= load().catch((error: unknown) => {
      family = null;
      throw error;
    }));
  return Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) =>
        get().then((loaded) => (loaded[name] as unknown as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as unknown as T;
}

/** Compile-time check that a list names every key of T: `true` only when none is missing. */
export type NamesAll<T, Names extends readonly string[]> = [Exclude<keyof T, Names[number]>] extends [never]
  ? true
  : { missing: Exclude<keyof T, Names[number]> };

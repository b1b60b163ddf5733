// What a search param of an address holds, read the one way every page reads it.

/** A whole number from a search param (a number, or digits typed by hand). */
export const asInt = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};

// Stripe's request encoding, as the `stripe` client sends it: application/x-www-form-urlencoded with nested
// keys (`line_items[0][price_data][unit_amount]=499`, `metadata[orderId]=7`). Decoded into plain objects
// and arrays (a key part of digits is an array index).

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const MAX_DEPTH = 6;

/** The key's parts: `a[b][0]` → ['a', 'b', '0']; null for a malformed key. */
function partsOf(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (match === null) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  const parts = [match[1] ?? '', ...rest];
  return parts.length > MAX_DEPTH || parts.some((p) => p === '' || p === '__proto__') ? null : parts;
}

/** The nested parameters of a form body; throws a message naming the first malformed key. */
export function decodeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = partsOf(key);
    if (parts === null) throw new Error(`Invalid parameter name: ${key}`);
    let node: Record<string, FormValue> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (next === undefined) node[part] = {};
      else if (typeof next === 'string') throw new Error(`Invalid parameter: ${key}`);
      node = node[part] as Record<string, FormValue>;
    });
  }
  return toArrays(root) as Record<string, FormValue>;
}

/** Objects whose keys are 0, 1, … become arrays. */
function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, toArrays(value[k] as FormValue)] as const);
  if (keys.length > 0 && keys.every((k, i) => String(i) === k || /^\d+$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

import type { StateValue } from 'xstate';

/**
 * A machine's state value as one string for `data-state`: "closed", "open.login",
 * "loggedIn.(account.ready,poll.waiting)" for parallel regions.
 */
export function stateString(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  const parts = entries.map(([key, child]) =>
    child === undefined ? key : typeof child === 'string' ? `${key}.${child}` : `${key}.${nested(child)}`,
  );
  return parts.join(',');
}

const nested = (value: StateValue): string => {
  const inner = stateString(value);
  return typeof value !== 'string' && Object.keys(value).length > 1 ? `(${inner})` : inner;
};

/**
 * The selector every view uses for its `data-state` attribute (what the replays and the statechart
 * viewer read): the state as one string. Views read machines only through selectors (issue 16): this
 * one, and the `*.selectors.ts` beside each machine.
 */
export const stateOf = (snapshot: { value: StateValue }): string => stateString(snapshot.value);

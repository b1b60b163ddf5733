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

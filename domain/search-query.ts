// The one limit on search text (issue 15): the header's search box (maxLength), the /search route's
// search param, the promptList machine and the API's `GET /api/prompts?q=` schema all use it.

/** The longest search text, in UTF-16 code units (what an input's maxLength counts). */
export const SEARCH_QUERY_MAX_LENGTH = 200;

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/**
 * Search text as it is searched: trimmed, and when longer than `max`, cut at the last word boundary
 * within it (an unbroken word longer than `max` is cut at `max`, never inside a surrogate pair). A
 * search operator left dangling by the cut (`-`, `"`) goes with it. Never fails: a long address is
 * searched, not refused.
 */
export function cutSearchQuery(text: string, max: number = SEARCH_QUERY_MAX_LENGTH): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let end: number;
  if (isSpace(trimmed[max])) {
    end = max;
  } else {
    end = -1;
    for (let i = max - 1; i > 0; i--) {
      if (isSpace(trimmed[i])) {
        end = i;
        break;
      }
    }
    if (end === -1) end = isHighSurrogate(trimmed.charCodeAt(max - 1)) ? max - 1 : max;
  }
  return trimmed
    .slice(0, end)
    .replace(/(?:\s+[-"]+)+$/, '')
    .trimEnd();
}

/** A list query whose search text is cut to the limit (the query itself when it has none). */
export const withSearchLimit = <Q extends { q?: string }>(query: Q): Q =>
  query.q === undefined ? query : { ...query, q: cutSearchQuery(query.q) };

// Lists in running text: "a", "a and b", "a, b and c".

export const joinAnd = (parts: readonly string[]): string =>
  parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;

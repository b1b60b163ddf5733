// Navigation as an injected effect: machines ask for it through provided actions; main.tsx binds
// the router once it exists.
export const navigation: { go: (href: string, options?: { replace?: boolean }) => void } = {
  go: (href, options) => {
    if (typeof location === 'undefined') return;
    if (options?.replace) location.replace(href);
    else location.assign(href);
  },
};

/** Copies text with the asynchronous clipboard API; rejects when the browser refuses. */
/** The clipboard, as the machines' effects receive it (share links, filled prompts). */
export type Clipboard = { copyText: (text: string) => Promise<void> };

export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available here.');
  await navigator.clipboard.writeText(text);
}

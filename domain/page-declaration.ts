// What a page says about itself in its route file (`export const page = {…}`), read by
// scripts/discover.ts into domain/pages.gen.ts: plain data, so the server's 404s, the tab titles, the
// robots rules and the account menu know a new page without a line in a list.

/** An icon of the account menu, by name (src/account/header-account.tsx draws each). */
export type MenuIcon = 'user' | 'message' | 'receipt' | 'coin' | 'settings' | 'library';

export interface PageDeclaration {
  /** The page's name in its tab title ("My Prompts — FruitPrompt"). */
  title: string;
  /** Requires a session: never indexed, kept out of robots.txt. */
  private?: true;
  /** Not for search engines though public. */
  noindex?: true;
  /** A link in the account menu, after the one to `after` (a page's full path) or last. */
  menu?: { label: string; icon: MenuIcon; after?: string };
}

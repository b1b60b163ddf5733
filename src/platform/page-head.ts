// The tab title and robots of the page at a pathname, from the route table the server answers with
// (domain/pages.ts): a page the catalog's metadata does not cover gets "<Page> — FruitPrompt",
// private pages and "Page Not Found" get `noindex`. Loaded after the first paint, with the table.
import { headOf } from '../../domain/pages.ts';
import { setMeta } from './head.ts';

export function applyPageHead(pathname: string): void {
  if (typeof document === 'undefined') return;
  const { title, noindex } = headOf(pathname);
  if (title !== null) document.title = title;
  setMeta('name', 'robots', noindex ? 'noindex' : '');
}

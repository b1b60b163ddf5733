import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../account/messages-page.tsx';
import { validatePagedSearch, type PagedSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

const load = ({ deps }: { deps: PagedSearch }) => ({ type: 'messages.load' as const, page: deps.page ?? 1 });

export const Route = createFileRoute('/_member/messages')({
  validateSearch: validatePagedSearch,
  beforeLoad: ensureFor('messages'),
  loaderDeps: ({ search }) => search,
  loader: pageEntry('messages', load),
  component: MessagesPage,
});

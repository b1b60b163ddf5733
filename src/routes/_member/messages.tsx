import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../account/messages-page.tsx';
import { validatePagedSearch, type PagedSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/messages')({
  validateSearch: validatePagedSearch,
  beforeLoad: ensureFor('messages'),
  ...pageEntry('messages', ({ search }: { search: PagedSearch }) => ({
    type: 'messages.load',
    page: search.page ?? 1,
  })),
  component: MessagesPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../account/messages-page.tsx';
import { validatePagedSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';

// The messages load when the member's page mounts (the session may still be restoring here).
export const Route = createFileRoute('/_member/messages')({
  validateSearch: validatePagedSearch,
  beforeLoad: ensureFor('messages'),
  component: function Messages() {
    return <MessagesPage search={Route.useSearch()} />;
  },
});

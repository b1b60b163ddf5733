import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../views/messages-page.tsx';
import { validatePagedSearch } from './-lib/history-search.ts';
import { memberPageWith } from './-lib/require-member.ts';

// The messages load when the member's page mounts (the session may still be restoring here).
export const Route = createFileRoute('/messages')({
  validateSearch: validatePagedSearch,
  beforeLoad: memberPageWith('inbox'),
  component: function Messages() {
    return <MessagesPage search={Route.useSearch()} />;
  },
});

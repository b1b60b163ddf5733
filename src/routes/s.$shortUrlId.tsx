import { createFileRoute } from '@tanstack/react-router';
import { ShareRedirectPage } from '../views/status-pages.tsx';

export const Route = createFileRoute('/s/$shortUrlId')({
  component: function UserShare() {
    return <ShareRedirectPage kind="user" code={Route.useParams().shortUrlId} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { ShareRedirectPage } from '../views/status-pages.tsx';

export const Route = createFileRoute('/ps/$partnerShortUrlId')({
  component: function PartnerShare() {
    return <ShareRedirectPage kind="partner" code={Route.useParams().partnerShortUrlId} />;
  },
});

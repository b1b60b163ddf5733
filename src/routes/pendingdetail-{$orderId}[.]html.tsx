import { createFileRoute } from '@tanstack/react-router';
import { PendingOrderPage } from '../views/status-pages.tsx';
import { parseOrderIdParams } from './-lib/params.ts';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/pendingdetail-{$orderId}.html')({
  params: { parse: (raw) => parseOrderIdParams('orderId', raw) },
  beforeLoad: requireMember,
  component: function PendingDetail() {
    return <PendingOrderPage orderId={Route.useParams().orderId} />;
  },
});

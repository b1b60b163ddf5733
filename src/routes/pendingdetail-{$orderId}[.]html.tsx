import { createFileRoute } from '@tanstack/react-router';
import { PendingResultPage } from '../views/payment-result-page.tsx';
import { parseOrderIdParams } from './-lib/params.ts';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/pendingdetail-{$orderId}.html')({
  params: { parse: (raw) => parseOrderIdParams('orderId', raw) },
  beforeLoad: memberPageWith('checkout'),
  component: function PendingDetail() {
    return <PendingResultPage orderId={Route.useParams().orderId} />;
  },
});

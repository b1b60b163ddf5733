import { createFileRoute } from '@tanstack/react-router';
import { PendingResultPage } from '../../commerce/payment-result-page.tsx';
import { parseOrderIdParams } from '../-lib/params.ts';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/pendingdetail-{$orderId}.html')({
  params: { parse: (raw) => parseOrderIdParams('orderId', raw) },
  beforeLoad: ensureFor('paymentResult'),
  component: function PendingDetail() {
    return <PendingResultPage orderId={Route.useParams().orderId} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { PaidResultPage } from '../../commerce/payment-result-page.tsx';
import { parsePaidDetailParams } from '../-lib/params.ts';
import { ensureFor } from '../-lib/ensure.ts';

/** `/paiddetail-{orderId}-{sessionId}.html`: one path param, split in two by params.parse. */
export const Route = createFileRoute('/_member/paiddetail-{$ids}.html')({
  params: { parse: parsePaidDetailParams },
  beforeLoad: ensureFor('paymentResult'),
  component: function PaidDetail() {
    const { orderId, sessionId } = Route.useParams();
    return <PaidResultPage orderId={orderId} sessionId={sessionId} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { PendingResultPage } from '../../commerce/payment-result-page.tsx';
import { parseOrderIdParams } from '../-lib/params.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

/**
 * The page shows and follows the order while a member is signed in, and stops following it when the
 * member signs out or the page is left (the poll would otherwise go on).
 */
const open = ({ params, member }: { params: { orderId: string }; member: boolean }) =>
  member
    ? { type: 'payment.openPending' as const, orderId: params.orderId }
    : { type: 'payment.close' as const };

export const Route = createFileRoute('/_member/pendingdetail-{$orderId}.html')({
  params: { parse: (raw) => parseOrderIdParams('orderId', raw) },
  beforeLoad: ensureFor('paymentResult'),
  loader: pageEntry('paymentResult', open, 'anyone', { type: 'payment.close' }),
  component: function PendingDetail() {
    return <PendingResultPage orderId={Route.useParams().orderId} />;
  },
});

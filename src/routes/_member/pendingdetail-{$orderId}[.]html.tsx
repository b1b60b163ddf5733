import { createFileRoute } from '@tanstack/react-router';
import { PendingResultPage } from '../../commerce/payment-result-page.tsx';
import { parseOrderIdParams } from '../-lib/params.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';
import { lookup } from '../../../machines/system/actors.ts';

/**
 * The page shows and follows the order while a member is signed in, and stops following it when the
 * member signs out or the page is left (the poll would otherwise go on).
 */
const entry = pageEntry(
  'paymentResult',
  ({ params, member }: { params: { orderId: string }; member: boolean }) =>
    member ? { type: 'payment.openPending', orderId: params.orderId } : { type: 'payment.close' },
  'anyone',
);

export const Route = createFileRoute('/_member/pendingdetail-{$orderId}.html')({
  params: { parse: (raw) => parseOrderIdParams('orderId', raw) },
  beforeLoad: ensureFor('paymentResult'),
  ...entry,
  onLeave: (match) => {
    entry.onLeave(match);
    // (it runs still: the router stops page machines only after the navigation has settled)
    lookup(match.context.system.system, 'paymentResult')?.send({ type: 'payment.close' });
  },
  component: function PendingDetail() {
    return <PendingResultPage orderId={Route.useParams().orderId} />;
  },
});

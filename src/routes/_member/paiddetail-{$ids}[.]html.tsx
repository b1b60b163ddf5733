import { createFileRoute } from '@tanstack/react-router';
import { PaidResultPage } from '../../commerce/payment-result-page.tsx';
import { parsePaidDetailParams } from '../-lib/params.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

/**
 * The page confirms the payment while a member is signed in, and stops following the order when the
 * member signs out or the page is left (the poll would otherwise go on).
 */
const open = ({ params, member }: { params: { orderId: string; sessionId: string }; member: boolean }) =>
  member
    ? { type: 'payment.openPaid' as const, orderId: params.orderId, sessionId: params.sessionId }
    : { type: 'payment.close' as const };

/** `/paiddetail-{orderId}-{sessionId}.html`: one path param, split in two by params.parse. */
export const Route = createFileRoute('/_member/paiddetail-{$ids}.html')({
  params: { parse: parsePaidDetailParams },
  beforeLoad: ensureFor('paymentResult'),
  loader: pageEntry('paymentResult', open, 'anyone', { type: 'payment.close' }),
  component: function PaidDetail() {
    const { orderId, sessionId } = Route.useParams();
    return <PaidResultPage orderId={orderId} sessionId={sessionId} />;
  },
});

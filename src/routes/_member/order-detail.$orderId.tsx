import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../commerce/order-detail-page.tsx';
import { parseOrderIdParams } from '../-lib/params.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

const load = ({ params }: { params: { orderId: string } }) => ({
  type: 'order.load' as const,
  orderId: params.orderId,
});

export const Route = createFileRoute('/_member/order-detail/$orderId')({
  params: { parse: (raw) => parseOrderIdParams('orderId', raw) },
  beforeLoad: ensureFor('orderDetail'),
  loader: pageEntry('orderDetail', load),
  component: function OrderDetail() {
    return <OrderDetailPage orderId={Route.useParams().orderId} />;
  },
});

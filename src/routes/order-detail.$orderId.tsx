import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../views/order-detail-page.tsx';
import { parseOrderIdParams } from './-lib/params.ts';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/order-detail/$orderId')({
  params: { parse: (raw) => parseOrderIdParams('orderId', raw) },
  beforeLoad: memberPageWith('history'),
  component: function OrderDetail() {
    return <OrderDetailPage orderId={Route.useParams().orderId} />;
  },
});

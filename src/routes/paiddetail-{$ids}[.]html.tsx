import { createFileRoute } from '@tanstack/react-router';
import { PaidOrderPage } from '../views/status-pages.tsx';
import { parsePaidDetailParams } from './-lib/params.ts';
import { requireMember } from './-lib/require-member.ts';

/** `/paiddetail-{orderId}-{sessionId}.html`: one path param, split in two by params.parse. */
export const Route = createFileRoute('/paiddetail-{$ids}.html')({
  params: { parse: parsePaidDetailParams },
  beforeLoad: requireMember,
  component: function PaidDetail() {
    return <PaidOrderPage orderId={Route.useParams().orderId} />;
  },
});

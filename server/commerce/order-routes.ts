// The buying side's orders calls under /api/my/ (docs/decisions/004-commerce.md): checkout (one order per
// currency), the order list and detail, paying, confirming and cancelling a pending order. Each acts only
// on the token's user; another member's id answers 404.
import { notFound, ok } from '../http/envelope.ts';
import { listOrders, parseOrderId, readOrder } from './repository.ts';
import {
  CheckoutBody,
  CheckoutResponse,
  ConfirmBody,
  OrderPageResponse,
  OrderParams,
  OrderResponse,
  OrdersQuery,
  PayResponse,
} from './schemas.ts';
import { checkout } from './checkout.ts';
import { ORDER_NOT_FOUND } from './commerce-common.ts';
import { cancelOrder, confirmOrder, payOrder } from './pending-orders.ts';
import type { CommerceContext } from './route-context.ts';

const userOf = (request: { user: { id: string } | null }): string => request.user!.id;

const orderIdOf = (raw: string): number => {
  const id = parseOrderId(raw);
  if (id === null) throw notFound(ORDER_NOT_FOUND);
  return id;
};

export async function orderRoutes(context: CommerceContext): Promise<void> {
  const { app, db, c, signedIn } = context;

  app.post(
    '/api/my/orders',
    {
      ...signedIn,
      schema: {
        summary:
          'Check out: the FruitCoin items become an order paid now from the balance, the premium items a ' +
          'pending order with a payment page. A retry with the same requestId answers the first result. ' +
          '409 not enough FruitCoins / already owned / coupon not valid',
        body: CheckoutBody,
        response: { 200: CheckoutResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const result = await checkout(c, userOf(request), {
        promptIds: body.promptIds,
        couponId: body.couponId ?? null,
        requestId: body.requestId,
        referral: body.referral ?? null,
      });
      return ok({ data: result }, result.cardOrder?.status === 'pending' ? 'Order created' : 'Order paid');
    },
  );

  app.get(
    '/api/my/orders',
    {
      ...signedIn,
      schema: {
        summary: "The caller's orders, newest first",
        querystring: OrdersQuery,
        response: { 200: OrderPageResponse },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await listOrders(db, userOf(request), {
          page: q.page ?? 1,
          pageSize: q.pageSize ?? 10,
          status: q.status ?? null,
        }),
      );
    },
  );

  app.get(
    '/api/my/orders/:orderId',
    {
      ...signedIn,
      schema: {
        summary: 'One of the caller’s orders',
        params: OrderParams,
        response: { 200: OrderResponse },
      },
    },
    async (request) => {
      const order = await readOrder(db, userOf(request), orderIdOf(request.params.orderId), c.payments);
      if (order === null) throw notFound(ORDER_NOT_FOUND);
      return ok({ data: order });
    },
  );

  app.post(
    '/api/my/orders/:orderId/cancel',
    {
      ...signedIn,
      schema: {
        summary:
          'Cancel a pending order (again: no change): its coupon is valid again, its items return to the cart',
        params: OrderParams,
        response: { 200: OrderResponse },
      },
    },
    async (request) =>
      ok(
        { data: await cancelOrder(c, userOf(request), orderIdOf(request.params.orderId)) },
        'Order cancelled',
      ),
  );

  app.post(
    '/api/my/orders/:orderId/pay',
    {
      ...signedIn,
      schema: {
        summary: "A pending order's payment page: its open payment session, or a new one",
        params: OrderParams,
        response: { 200: PayResponse },
      },
    },
    async (request) => ok({ data: await payOrder(c, userOf(request), orderIdOf(request.params.orderId)) }),
  );

  app.post(
    '/api/my/orders/:orderId/confirm',
    {
      ...signedIn,
      schema: {
        summary:
          'Settle the order if this payment session of it is paid (idempotent); answers the order as it is',
        params: OrderParams,
        body: ConfirmBody,
        response: { 200: OrderResponse },
      },
    },
    async (request) =>
      ok({
        data: await confirmOrder(
          c,
          userOf(request),
          orderIdOf(request.params.orderId),
          request.body.sessionId,
        ),
      }),
  );
}

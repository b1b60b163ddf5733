// The buying side's calls under /api/my/ (docs/decisions/004-commerce.md): cart, checkout, orders, the
// FruitCoin ledger, coupons and the FruitCoin exchange. Each acts only on the token's user; another member's
// order, coupon or cart line answers 404 whatever id is sent. Prices, totals, coupon validity and access
// are the server's: a checkout body carries ids only.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { paymentPageOf } from './payments.ts';
import {
  listCoupons,
  listOffers,
  listOrders,
  parseOrderId,
  readCart,
  readLedger,
  readOrder,
} from './repository.ts';
import {
  CartQuery,
  CartResponse,
  CheckoutBody,
  CheckoutResponse,
  ConfirmBody,
  CouponsQuery,
  CouponsResponse,
  ExchangeBody,
  ExchangeResponse,
  LedgerPageResponse,
  LedgerQuery,
  OffersResponse,
  OrderPageResponse,
  OrderParams,
  OrderResponse,
  OrdersQuery,
  PayResponse,
  PromptIdBody,
} from './schemas.ts';
import {
  addToCart,
  cancelOrder,
  checkout,
  confirmOrder,
  exchange,
  ORDER_NOT_FOUND,
  payOrder,
  pruneCart,
  removeFromCart,
  type Commerce,
} from './service.ts';

export interface CommerceOptions {
  db: Db;
  config: Pick<Config, 'devStandIns'>;
}

export async function commerceRoutes(
  fastify: FastifyInstance,
  { db, config }: CommerceOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const c: Commerce = { db, payments: paymentPageOf(config) };
  const userOf = (request: { user: { id: string } | null }): string => request.user!.id;
  const orderIdOf = (raw: string): number => {
    const id = parseOrderId(raw);
    if (id === null) throw notFound(ORDER_NOT_FOUND);
    return id;
  };
  // onRequest, not preHandler: an anonymous call is 401 before its body is parsed or validated.
  const signedIn = { onRequest: fastify.requireUser };

  // Cart ---------------------------------------------------------------------------------------------------

  app.get(
    '/api/my/cart',
    {
      ...signedIn,
      schema: {
        summary: 'The cart priced now; with couponId, the coupon applied to the money part (or couponError)',
        querystring: CartQuery,
        response: { 200: CartResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      await pruneCart(db, userId);
      return ok({ data: await readCart(db, userId, request.query.couponId) });
    },
  );

  app.post(
    '/api/my/cart/add',
    {
      ...signedIn,
      schema: {
        summary: 'Add a prompt to the cart (again: no change); 409 already owned, 400 free, 404 unknown',
        body: PromptIdBody,
        response: { 200: CartResponse },
      },
    },
    async (request) =>
      ok({ data: await addToCart(db, userOf(request), request.body.promptId) }, 'Added to cart'),
  );

  app.post(
    '/api/my/cart/remove',
    {
      ...signedIn,
      schema: {
        summary: 'Remove a prompt from the cart (removing what is not there is not an error)',
        body: PromptIdBody,
        response: { 200: CartResponse },
      },
    },
    async (request) =>
      ok({ data: await removeFromCart(db, userOf(request), request.body.promptId) }, 'Removed from cart'),
  );

  // Orders -------------------------------------------------------------------------------------------------

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

  // FruitCoins and coupons ---------------------------------------------------------------------------------

  app.get(
    '/api/my/fruit/transactions',
    {
      ...signedIn,
      schema: {
        summary: "The caller's FruitCoin ledger, newest first, and the balance",
        querystring: LedgerQuery,
        response: { 200: LedgerPageResponse },
      },
    },
    async (request) =>
      ok(
        await readLedger(db, userOf(request), {
          page: request.query.page ?? 1,
          pageSize: request.query.pageSize ?? 20,
        }),
      ),
  );

  app.get(
    '/api/my/coupons',
    {
      ...signedIn,
      schema: {
        summary: "The caller's coupons (valid first); status filters (expired: a valid one past its end)",
        querystring: CouponsQuery,
        response: { 200: CouponsResponse },
      },
    },
    async (request) => ok({ data: await listCoupons(db, userOf(request), request.query.status ?? null) }),
  );

  app.get(
    '/api/my/exchange/offers',
    {
      ...signedIn,
      schema: {
        summary: 'The coupons on offer for FruitCoins, and the caller’s balance',
        response: { 200: OffersResponse },
      },
    },
    async (request) => {
      const offers = await listOffers(db);
      const { fruit_cnt } = await db.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [
        userOf(request),
      ]);
      return ok({ data: offers, balance: fruit_cnt });
    },
  );

  app.post(
    '/api/my/exchange',
    {
      ...signedIn,
      schema: {
        summary:
          'Exchange FruitCoins for a coupon of an offer (a retry with the same requestId answers the first ' +
          'result); 409 not enough FruitCoins',
        body: ExchangeBody,
        response: { 200: ExchangeResponse },
      },
    },
    async (request) => ok({ data: await exchange(db, userOf(request), request.body) }, 'Exchange successful'),
  );
}

// The buying side's FruitCoin and coupon calls under /api/my/ (docs/decisions/004-commerce.md): the
// FruitCoin ledger, the member's coupons, the exchange's offers and the exchange. Each acts only on the
// token's user; another member's id answers 404.
import { ok } from '../http/envelope.ts';
import { listCoupons, listOffers, readLedger } from './repository.ts';
import {
  CouponsQuery,
  CouponsResponse,
  ExchangeBody,
  ExchangeResponse,
  LedgerPageResponse,
  LedgerQuery,
  OffersResponse,
} from './schemas.ts';
import { exchange } from './exchange.ts';
import type { CommerceContext } from './route-context.ts';

const userOf = (request: { user: { id: string } | null }): string => request.user!.id;

export async function walletRoutes(context: CommerceContext): Promise<void> {
  const { app, db, signedIn } = context;

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

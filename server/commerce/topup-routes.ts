// Buy FruitCoins: the packs, buying one (a pending top-up and its payment page) and confirming its payment
// from the page the payment returns to (server/commerce/topups.ts). Signed in, the token's user only.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { ApiError, EnvelopeSchema, ok } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';
import type { CommerceOptions } from './routes.ts';
import { commerceOf } from './routes.ts';
import type { Commerce } from './commerce-common.ts';
import { buyPack, confirmTopUp, listPacks } from './topups.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const FruitPackSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  coins: Type.Integer({ description: 'What the pack adds to the balance, bonus included' }),
  bonusCoins: Type.Integer({ description: 'The part of coins that is a bonus' }),
  priceCents: Type.Integer({ description: 'The price in US cents (the server’s)' }),
});

const TopUpSchema = Type.Object({
  id: Type.Integer(),
  packId: Type.String(),
  title: Type.String(),
  coins: Type.Integer(),
  amountCents: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('cancelled')]),
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  sessionId: Type.String({ description: 'Its payment session (the return page names it)' }),
  paymentUrl: Nullable(Type.String({ description: 'Where to pay it while it is pending' })),
});

const TopUpResultResponse = EnvelopeSchema(
  Type.Object({ data: Type.Object({ topup: TopUpSchema, balance: Type.Integer() }) }),
);

const TopUpBody = Type.Object(
  {
    packId: Type.String({
      minLength: 1,
      maxLength: 32,
      pattern: '^[a-z0-9-]+$',
      description: 'The pack to buy (an id of GET /api/my/fruit/packs): its price is the server’s',
    }),
    requestId: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[\\x21-\\x7E]+$',
      description:
        'Chosen by the client once per attempt (a UUID, say): a retry with the same id answers the first result',
    }),
  },
  // a price, a coin count or anything else in the body is refused, not ignored
  { additionalProperties: false },
);

const ConfirmBody = Type.Object({
  sessionId: Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: NO_NUL,
    description: 'The payment session the payment page returned with (`/buy-fruitcoins?payment=`)',
  }),
});

/**
 * The body exactly as sent, before the schema's coercion (which would read 7 as "7") and its removal of
 * unknown fields: these calls take text fields only, and a price or a coin count is refused, not dropped.
 */
const textFieldsOnly =
  (fields: readonly string[]) =>
  async (request: { body: unknown }): Promise<void> => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return; // the schema says why
    for (const key of Object.keys(body)) {
      if (!fields.includes(key)) throw new ApiError(400, `Unknown body field '${key}'`, { field: key });
    }
    for (const key of fields) {
      const value = (body as Record<string, unknown>)[key];
      if (value !== undefined && typeof value !== 'string')
        throw new ApiError(400, `Invalid body field '${key}': must be string`, { field: key });
    }
  };

export async function topupRoutes(fastify: FastifyInstance, { db, config }: CommerceOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const c: Commerce = commerceOf(db, config, fastify);
  const userOf = (request: { user: { id: string } | null }): string => request.user!.id;
  // onRequest: an anonymous call is 401 before its body is parsed or validated
  const signedIn = { onRequest: fastify.requireUser };

  app.get(
    '/api/my/fruit/packs',
    {
      ...signedIn,
      schema: {
        summary: 'The FruitCoin packs on sale (coins and money price), cheapest first, and the balance',
        response: {
          200: EnvelopeSchema(Type.Object({ data: Type.Array(FruitPackSchema), balance: Type.Integer() })),
        },
      },
    },
    async (request) => ok(await listPacks(db, userOf(request))),
  );

  app.post(
    '/api/my/fruit/topups',
    {
      ...signedIn,
      preValidation: textFieldsOnly(['packId', 'requestId']),
      schema: {
        summary:
          'Buy a FruitCoin pack: a pending top-up and its payment page (the coins are added once it is paid). ' +
          'A retry with the same requestId answers the first result. 404 unknown pack, 503 no payment page',
        body: TopUpBody,
        response: { 200: TopUpResultResponse },
      },
    },
    async (request) => ok({ data: await buyPack(c, userOf(request), request.body) }, 'Top-up created'),
  );

  app.post(
    '/api/my/fruit/topups/confirm',
    {
      ...signedIn,
      preValidation: textFieldsOnly(['sessionId']),
      schema: {
        summary:
          'The page a top-up’s payment returns to: credits it if its payment session is paid (once, however ' +
          'often asked) and answers it as it is, with the balance. 404 not this member’s',
        body: ConfirmBody,
        response: { 200: TopUpResultResponse },
      },
    },
    async (request) => ok({ data: await confirmTopUp(c, userOf(request), request.body.sessionId) }),
  );
}

// GET /api/my/cart/count (requirements §7): the number of items in the signed-in user's cart, for the header's
// badge. The memberId query is accepted and ignored: the token's user is always the one counted.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { ok } from '../http/envelope.ts';
import { CountResponse, MemberIdQuery } from '../auth/schemas.ts';

export async function cartCountRoute(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/my/cart/count',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "The number of items in the token's user's cart (memberId is ignored)",
        querystring: MemberIdQuery,
        response: { 200: CountResponse },
      },
    },
    async (request) => {
      const row = await db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM cart_items WHERE user_id = $1',
        [request.user!.id],
      );
      return ok({ data: row.n });
    },
  );
}

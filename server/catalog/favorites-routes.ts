// The signed-in user's saved prompts: GET /api/my/favorites, POST /api/my/favorites (save, idempotent),
// POST /api/my/favorites/remove. Cards and details show them as `saved`; GET /api/prompts?saved=1 lists them.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { addFavorite, listFavorites, removeFavorite } from './favorites.ts';
import { FavoriteChangeResponse, FavoritesResponse, PromptIdBodySchema } from './schemas.ts';

export async function favoritesRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const userOf = (request: { user: { id: string } | null }): string => request.user!.id;

  app.get(
    '/api/my/favorites',
    {
      schema: {
        summary: "The ids of the caller's saved prompts, most recently saved first",
        response: { 200: FavoritesResponse },
      },
      preHandler: fastify.requireUser,
    },
    async (request) => ok({ data: await listFavorites(db, userOf(request)) }),
  );

  app.post(
    '/api/my/favorites',
    {
      schema: {
        summary: 'Save a prompt (saving it again changes nothing)',
        body: PromptIdBodySchema,
        response: { 200: FavoriteChangeResponse },
      },
      preHandler: fastify.requireUser,
    },
    async (request) => {
      const { promptId } = request.body;
      if (!(await addFavorite(db, userOf(request), promptId))) throw notFound('Prompt not found');
      return ok({ promptId, saved: true }, 'Saved');
    },
  );

  app.post(
    '/api/my/favorites/remove',
    {
      schema: {
        summary: 'Remove a saved prompt (removing an unsaved one changes nothing)',
        body: PromptIdBodySchema,
        response: { 200: FavoriteChangeResponse },
      },
      preHandler: fastify.requireUser,
    },
    async (request) => {
      const { promptId } = request.body;
      if (!(await removeFavorite(db, userOf(request), promptId))) throw notFound('Prompt not found');
      return ok({ promptId, saved: false }, 'Removed');
    },
  );
}

// My Prompts (/my-prompts): GET /api/my/library, what the signed-in member owns and the free prompts they
// saved. A folder of server/ with a feature.ts is registered by the app on its own (server/features.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PromptCardSchema } from '../catalog/schemas.ts';
import type { FeatureOptions } from '../features.ts';
import { EnvelopeSchema, ok } from '../http/envelope.ts';
import { LIBRARY_LIMIT, libraryOf } from './library.ts';

const LibraryEntrySchema = Type.Object({
  prompt: PromptCardSchema,
  source: Type.Union([Type.Literal('order'), Type.Literal('grant'), Type.Literal('saved')], {
    description: 'order: bought; grant: given by the shop; saved: a free prompt the member saved',
  }),
  orderId: Type.Union([Type.Integer(), Type.Null()], { description: 'The order that unlocked it' }),
  since: Type.String({ description: 'When it was bought, granted or saved (ISO 8601)' }),
  template: Type.String({ description: 'The full template, its variables filled in with their examples' }),
});

const LibraryResponse = EnvelopeSchema(
  Type.Object({
    data: Type.Array(LibraryEntrySchema),
    total: Type.Integer({
      description: `How many there are; at most ${LIBRARY_LIMIT} are listed, newest first`,
    }),
  }),
);

export default async function myPromptsFeature(
  fastify: FastifyInstance,
  { db }: FeatureOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/my/library',
    {
      schema: {
        summary: "The caller's prompts: bought or granted ones and saved free ones, newest first",
        response: { 200: LibraryResponse },
      },
      preHandler: fastify.requireUser,
    },
    async (request) => {
      const { entries, total } = await libraryOf(db, request.user!.id);
      return ok({ data: entries, total });
    },
  );
}

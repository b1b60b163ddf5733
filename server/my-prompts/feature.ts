// My Prompts (/my-prompts): GET /api/my/library, what the signed-in member owns (a prompt an order or a
// grant unlocked) and the free prompts they saved, newest first, each with its template filled in with
// its variables' examples. A folder of server/ with a feature.ts is registered by the app on its own
// (server/features.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PromptCardSchema } from '../catalog/schemas.ts';
import type { FeatureOptions } from '../features.ts';
import { EnvelopeSchema, ok } from '../http/envelope.ts';
import { fillTemplate } from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import { CARD_COLUMNS, toCard, userJoins, VISIBLE, type CardRow, type PromptRow } from '../catalog/rows.ts';

/** How a prompt came to be the member's: bought in an order, granted by the shop, or a free one saved. */
export type LibrarySource = 'order' | 'grant' | 'saved';

/** The most a library answer lists (a member with more sees the newest; `total` says how many there are). */
export const LIBRARY_LIMIT = 500;

type LibraryRow = CardRow &
  Pick<PromptRow, 'template' | 'variables'> & { source: LibrarySource; order_id: number | null; since: Date };

// An owned prompt stays in the library even when the operator hides it from the catalog (it was paid
// for); a saved free one shows while the catalog shows it.
const OWNED_OR_SAVED = `
  WITH mine AS (
    SELECT prompt_id, source, order_id, granted_at AS since FROM user_prompt_access WHERE user_id = $1::uuid
    UNION ALL
    SELECT f.prompt_id, 'saved', NULL, f.created_at FROM favorites f
      JOIN prompts p ON p.id = f.prompt_id AND p.grade = 0 AND ${VISIBLE}
     WHERE f.user_id = $1::uuid
  )`;

export async function libraryOf(
  db: Queryable,
  userId: string,
): Promise<{ entries: ReturnType<typeof toEntry>[]; total: number }> {
  const rows = await db.query<LibraryRow & { total: number }>(
    `${OWNED_OR_SAVED}
     SELECT ${CARD_COLUMNS}, p.template, p.variables, m.source, m.order_id, m.since, count(*) OVER () AS total
       FROM mine m JOIN prompts p ON p.id = m.prompt_id ${userJoins(1)}
      ORDER BY m.since DESC, p.id DESC
      LIMIT ${LIBRARY_LIMIT}`,
    [userId],
  );
  return { entries: rows.map(toEntry), total: rows[0]?.total ?? 0 };
}

const toEntry = (row: LibraryRow) => ({
  prompt: toCard(row, true),
  source: row.source,
  orderId: row.order_id,
  since: row.since.toISOString(),
  template: fillTemplate(
    row.template,
    row.variables.map((v) => v.example),
  ),
});

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

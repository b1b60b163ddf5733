// The four categories of requirements §2 (All, Free, FruitCoin, Premium) with their prompt counts:
// GET /api/categories, GET /api/categories?id=, GET /api/categories/:id. A category is named by its SEO
// reference id (requirements §7: free_prompts, fruit_prompts, pay_prompts; `all`), its path segment
// (free-prompts, fruit-prompts, premium-prompts) or its grade.
import { AnswerCache, sharedJson } from '../http/answer-cache.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CATEGORIES, categoryByReference, type Grade } from '../../domain/catalog.ts';
import type { Db, Queryable } from '../db/index.ts';
import { EnvelopeSchema, notFound, ok } from '../http/envelope.ts';

export type CategoryKey = 'all' | 'free_prompts' | 'fruit_prompts' | 'pay_prompts';

export interface CategoryDef {
  key: CategoryKey;
  grade: Grade | null;
  title: string;
  /** The storefront page of the category. */
  path: string;
  description: string;
}

export interface Category extends CategoryDef {
  count: number;
}

const DESCRIPTIONS: Record<CategoryKey, string> = {
  all: 'Every prompt in the catalog: free, FruitCoin and premium prompts for Midjourney, DALL.E, ChatGPT and Kling.',
  free_prompts:
    'Free AI prompts for Midjourney, DALL.E, ChatGPT and Kling: open the full text and use it right away.',
  fruit_prompts:
    'Prompts you unlock with FruitCoins, the storefront currency you earn with bonuses and purchases.',
  pay_prompts: 'Premium AI prompts with tested results and example images, for professional work.',
};

export const CATEGORY_DEFS: readonly CategoryDef[] = CATEGORIES.map((c) => {
  const key = (c.referenceId ?? 'all') as CategoryKey;
  return {
    key,
    grade: c.grade,
    title: c.label,
    // All Prompts lives at / in the header's menu; /category is its own listing page.
    path: c.grade === null ? '/category' : c.path,
    description: DESCRIPTIONS[key],
  };
});

/** The category named by a reference id, path segment, grade or alias; '' is All Prompts. */
export function findCategory(raw: string): CategoryDef | null {
  const category = categoryByReference(raw);
  return category === null ? null : (CATEGORY_DEFS.find((c) => c.grade === category.grade) ?? null);
}

export async function categoriesWithCounts(db: Queryable): Promise<Category[]> {
  const rows = await db.query<{ grade: number; count: number }>(
    'SELECT grade, count(*)::integer AS count FROM prompts WHERE NOT hidden GROUP BY grade',
  );
  const byGrade = new Map(rows.map((r) => [r.grade, r.count]));
  const all = rows.reduce((sum, r) => sum + r.count, 0);
  return CATEGORY_DEFS.map((c) => ({ ...c, count: c.grade === null ? all : (byGrade.get(c.grade) ?? 0) }));
}

const CategorySchema = Type.Object({
  key: Type.Enum(['all', 'free_prompts', 'fruit_prompts', 'pay_prompts']),
  grade: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Null()]),
  title: Type.String(),
  path: Type.String(),
  description: Type.String(),
  count: Type.Integer(),
});
const IdSchema = Type.String({
  maxLength: 40,
  description: 'free_prompts, fruit_prompts, pay_prompts or all; also free-prompts, premium-prompts, 0-2',
});

export async function categoryRoutes(
  fastify: FastifyInstance,
  { db, answers = new AnswerCache() }: { db: Db; answers?: AnswerCache },
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const one = async (id: string): Promise<Category> => {
    const def = findCategory(id);
    const category = def && (await categoriesWithCounts(db)).find((c) => c.key === def.key);
    if (!category) throw notFound('Category not found');
    return category;
  };

  app.get(
    '/api/categories',
    {
      schema: {
        summary: 'The four categories with their prompt counts (only the one named by id, when given)',
        querystring: Type.Object({ id: Type.Optional(IdSchema) }),
        response: { 200: EnvelopeSchema(Type.Object({ data: Type.Array(CategorySchema) })) },
      },
    },
    async (request, reply) =>
      sharedJson(answers, request, reply, async () => {
        const { id } = request.query;
        return ok({ data: id === undefined ? await categoriesWithCounts(db) : [await one(id)] });
      }),
  );

  app.get(
    '/api/categories/:id',
    {
      schema: {
        summary: 'One category with its prompt count',
        params: Type.Object({ id: IdSchema }),
        response: { 200: EnvelopeSchema(Type.Object({ data: CategorySchema })) },
      },
    },
    async (request, reply) =>
      sharedJson(answers, request, reply, async () => ok({ data: await one(request.params.id) })),
  );
}

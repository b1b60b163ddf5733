// The prompt lists of GET /api/prompts: filtered, ordered and paged cards, and their total; a search text
// makes the list a search (search-plan.ts).
import type { Queryable } from '../db/index.ts';
import { ORDER_BY, type ListPage, type ListQuery } from './list-query.ts';
import { catalogSize, listTotal } from './list-totals.ts';
import { CARD_COLUMNS, toCard, userJoins, VISIBLE, type CardRow } from './rows.ts';
import { searchPrompts } from './search-plan.ts';

export async function listPrompts(db: Queryable, query: ListQuery): Promise<ListPage> {
  const params: unknown[] = [query.userId];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // $1 is the caller; every query below joins their access and favourite rows (unused joins are removed).
  const joins = userJoins(1);
  // Hidden prompts (migration 011) are in no list and no search.
  const where: string[] = [VISIBLE];
  if (query.grade !== null) where.push(`p.grade = ${param(query.grade)}`);
  if (query.generatorType !== null) where.push(`p.generator_type = ${param(query.generatorType)}`);
  if (query.tags.length > 0) where.push(`p.tags @> ${param(query.tags)}::text[]`);
  if (query.saved) where.push('f.user_id IS NOT NULL');

  const q = query.q?.trim() ?? '';
  if (q !== '') return searchPrompts(db, query, q, { params, where, joins });

  const offset = (query.page - 1) * query.pageSize;
  const sort = query.sort === null || query.sort === 'relevance' ? 'trending' : query.sort;
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const countSql = `SELECT count(*)::integer AS total FROM prompts p ${joins} ${filter}`;
  // A caller's saved prompts change with every save: never kept. Tags in any order are the same filter.
  const key = JSON.stringify([query.grade, query.generatorType, [...query.tags].sort()]);
  const [rows, total] = await Promise.all([
    db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM prompts p ${joins} ${filter}
       ORDER BY ${ORDER_BY[sort]} LIMIT ${query.pageSize} OFFSET ${offset}`,
      params,
    ),
    query.saved
      ? db.one<{ total: number }>(countSql, params).then((row) => row.total)
      : where.length === 1
        ? catalogSize(db)
        : listTotal(db, key, countSql, params),
  ]);
  return {
    data: rows.map((row) => toCard(row, query.userId !== null)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

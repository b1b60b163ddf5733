// What the seed's writers (server/seed/write-*.ts) share: the error of data that does not fit, one INSERT for
// many rows, dates read strictly, and a member's id looked up by address.
import type { Queryable } from '../db/index.ts';

export class SeedDataError extends Error {
  override name = 'SeedDataError';
}

/** Writes `rows` (plain objects) with one INSERT ... SELECT FROM jsonb_to_recordset. */
export const insertMany = async (
  q: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  suffix = '',
): Promise<void> => {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  await q.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${definition}) ${suffix}`,
    [JSON.stringify(rows)],
  );
};

export const time = (iso: string): number => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new SeedDataError(`Not an ISO date: ${iso}`);
  return t;
};

export type UserIdOf = (email: string, what: string) => string;

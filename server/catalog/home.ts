// The home page's shelves (GET /api/prompts/home): trending, newest, free and one per generator.
import type { PromptCard } from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import { ORDER_BY } from './list-query.ts';
import { CARD_COLUMNS, toCard, userJoins, VISIBLE, type CardRow } from './rows.ts';

/** Cards by an arbitrary filter and order (home sections, related, popular). */
async function cardsWhere(
  db: Queryable,
  options: { where: string; params: unknown[]; order: string; limit: number; userId: string | null },
): Promise<PromptCard[]> {
  const n = options.params.length + 1;
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM prompts p ${userJoins(n)}
     WHERE ${VISIBLE} AND (${options.where}) ORDER BY ${options.order} LIMIT ${options.limit}`,
    [...options.params, options.userId],
  );
  return rows.map((row) => toCard(row, options.userId !== null));
}

export const HOME_SECTION_SIZE = 8;

export const HOME_SECTIONS = [
  { key: 'trending', title: 'Trending now', where: 'true', order: ORDER_BY.trending },
  { key: 'newest', title: 'New arrivals', where: 'true', order: ORDER_BY.newest },
  { key: 'free', title: 'Free prompts', where: 'p.grade = 0', order: ORDER_BY.trending },
  {
    key: 'midjourney',
    title: 'Midjourney prompts',
    where: 'p.generator_type = 1',
    order: ORDER_BY.trending,
  },
  {
    key: 'dalle',
    title: 'DALL.E prompts',
    where: 'p.generator_type = 2',
    order: ORDER_BY.trending,
  },
  {
    key: 'chatgpt',
    title: 'ChatGPT prompts',
    where: 'p.generator_type = 3',
    order: ORDER_BY.trending,
  },
  {
    key: 'kling',
    title: 'Kling video prompts',
    where: 'p.generator_type = 4',
    order: ORDER_BY.trending,
  },
] as const;

export type HomeSectionKey = (typeof HOME_SECTIONS)[number]['key'];

export interface HomeSection {
  key: HomeSectionKey;
  title: string;
  data: PromptCard[];
}

/**
 * The home page's shelves: 8 cards each, trending first. No prompt stands on two shelves (issue 15):
 * each shelf takes the best of what the shelves before it have not shown.
 */
export async function homeSections(db: Queryable, userId: string | null): Promise<HomeSection[]> {
  const shown: number[] = [];
  const sections: HomeSection[] = [];
  for (const section of HOME_SECTIONS) {
    const data = await cardsWhere(db, {
      where: `(${section.where}) AND NOT (p.id = ANY($1::integer[]))`,
      params: [shown],
      order: section.order,
      limit: HOME_SECTION_SIZE,
      userId,
    });
    shown.push(...data.map((card) => card.id));
    sections.push({ key: section.key, title: section.title, data });
  }
  return sections;
}

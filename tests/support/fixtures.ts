import type { PromptCard, PromptFull, PromptPage } from '../../domain/catalog.ts';

export function cardFixture(id: number, overrides: Partial<PromptCard> = {}): PromptCard {
  const slug = `misty-alpine-lake-${id}`;
  return {
    id,
    sortId: id,
    slug,
    slugId: `${slug}-${id}`,
    title: `Misty Alpine Lake ${id}`,
    excerpt: 'A calm lake under morning fog, painted in soft pastel light.',
    type: '1',
    generatorType: 1,
    grade: 0,
    priceFruit: null,
    priceCents: null,
    tags: ['landscape', 'nature'],
    image: {
      url: `/api/images/prompts/${id}/0.webp`,
      width: 480,
      height: 360,
      alt: `Misty Alpine Lake ${id}`,
    },
    hasAccess: 1,
    views: 100,
    sales: 3,
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function pageFixture(count = 3, total = count): PromptPage {
  return { data: Array.from({ length: count }, (_, i) => cardFixture(i + 1)), total, page: 1, pageSize: 24 };
}

export function fullFixture(id = 1, overrides: Partial<PromptFull> = {}): PromptFull {
  const card = cardFixture(id);
  return {
    ...card,
    description: 'A quiet alpine lake at dawn with fog over the water.',
    images: [card.image],
    promptDetail: {
      slugId: card.slugId,
      slug: card.slug,
      sortId: card.sortId,
      template: 'a misty alpine lake with [Variable 1] at dawn --ar 3:2',
      variables: [{ index: 0, label: 'Subject', example: 'a lone canoe' }],
    },
    ...overrides,
  };
}

// Pure catalog vocabulary shared by the machines, the SPA and the server (requirements §1, §3, §4, §9).
// No effects here: only types, constants and functions of their arguments.

export const PRODUCT_NAME = 'FruitPrompt';

export const GENERATORS = {
  1: 'Midjourney',
  2: 'DALL.E',
  3: 'ChatGPT',
  4: 'Kling',
} as const;
export type GeneratorType = keyof typeof GENERATORS;
export const GENERATOR_TYPES: readonly GeneratorType[] = [1, 2, 3, 4];

/** 0 free, 1 paid with FruitCoin, 2 premium (paid with money). */
export const GRADES = { 0: 'free', 1: 'fruitcoin', 2: 'paid' } as const;
export type Grade = keyof typeof GRADES;
export const GRADE_VALUES: readonly Grade[] = [0, 1, 2];

/** Prompt kind: "1" = image-generator prompts (Midjourney, DALL.E, Kling), "2" = text prompts (ChatGPT). */
export type PromptKind = '1' | '2';
export const kindOfGenerator = (g: GeneratorType): PromptKind => (g === 3 ? '2' : '1');

export const SORTS = ['trending', 'newest', 'price_asc', 'price_desc'] as const;
export type Sort = (typeof SORTS)[number];

export interface PromptVariable {
  /** 0-based position; the placeholder text is `[Variable {index + 1}]`. */
  index: number;
  label: string;
  example: string;
}

export interface PromptImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** What lists and cards show. Never carries template text. */
export interface PromptCard {
  id: number;
  sortId: number;
  slug: string;
  slugId: string;
  title: string;
  excerpt: string;
  type: PromptKind;
  generatorType: GeneratorType;
  grade: Grade;
  /** FruitCoins, for grade 1; null otherwise. */
  priceFruit: number | null;
  /** US cents, for grade 2; null otherwise. */
  priceCents: number | null;
  tags: string[];
  image: PromptImage;
  /** 1 when the caller may see the full template (requirements §4 Prompt access). */
  hasAccess: 0 | 1;
  views: number;
  sales: number;
  createdAt: string;
  /** The signed-in caller saved this prompt (favourites); absent or false for anonymous callers. */
  saved?: boolean;
  /**
   * Search answers only: the title and an excerpt with each matched word between SEARCH_MARK_START and
   * SEARCH_MARK_END (plain text otherwise; render the marks as <mark>, never as HTML).
   */
  match?: { title: string; excerpt: string };
}

/** The marks around matched words in `PromptCard.match` (Unicode private-use characters). */
export const SEARCH_MARK_START = '\uE000';
export const SEARCH_MARK_END = '\uE001';

/** The detail answer: the card plus the nested promptDetail of requirements §3. */
export interface PromptFull extends PromptCard {
  description: string;
  images: PromptImage[];
  promptDetail: {
    slugId: string;
    slug: string;
    sortId: number;
    /** Full template with `[Variable N]` placeholders, or null when the caller may not see it. */
    template: string | null;
    variables: PromptVariable[];
  };
}

export interface PromptPage {
  data: PromptCard[];
  total: number;
  page: number;
  pageSize: number;
  /** Recommendations: ranked for the member, or by popularity. */
  mode?: 'personal' | 'popular';
  /** Recommendations for a member: the tags they were picked by. */
  because?: string[];
  /** Search without results: words or tags to try instead. */
  suggestions?: string[];
  /** Searches: false when more matched than the 1000 results a search serves (total is then 1000). */
  totalExact?: boolean;
}

/** The next page of a list, or null when every result is shown. */
export const nextPageOf = (page: PromptPage): number | null =>
  page.page * page.pageSize < page.total ? page.page + 1 : null;

export const slugIdOf = (slug: string, sortId: number): string => `${slug}-${sortId}`;

/** requirements §4 Prompt access: free is always viewable; otherwise logged in and hasAccess === 1. */
export const canViewTemplate = (p: { grade: Grade; hasAccess: 0 | 1 }, loggedIn: boolean): boolean =>
  p.grade === 0 || (loggedIn && p.hasAccess === 1);

/** requirements §4: template kind follows grade, only for type "1". */
export const templateKind = (p: { type: string; grade: Grade }): 'free' | 'fruitcoin' | 'paid' | null =>
  p.type === '1' ? GRADES[p.grade] : null;

export const VARIABLE_PATTERN = /\[Variable (\d+)\]/g;

/** requirements §9: stripped from the first variable's text (index 0), in this order. */
export const LEADING_PHRASES = ['colorful backgrounds in gold and ', 'a ', 'an '] as const;

export const stripLeadingPhrase = (text: string, index: number): string => {
  if (index !== 0) return text;
  for (const phrase of LEADING_PHRASES) {
    if (text.toLowerCase().startsWith(phrase)) return text.slice(phrase.length);
  }
  return text;
};

/** Fills `[Variable N]` with values[N - 1] (falling back to the placeholder when empty). */
export const fillTemplate = (template: string, values: readonly string[]): string =>
  template.replace(VARIABLE_PATTERN, (whole, n: string) => {
    const index = Number(n) - 1;
    const raw = values[index]?.trim();
    return raw ? stripLeadingPhrase(raw, index) : whole;
  });

export const formatPrice = (p: Pick<PromptCard, 'grade' | 'priceFruit' | 'priceCents'>): string => {
  if (p.grade === 0) return 'Free';
  if (p.grade === 1) return `${p.priceFruit ?? 0} FruitCoins`;
  return formatCents(p.priceCents ?? 0);
};

/** US cents as the storefront writes them: "$4.99". */
export const formatCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** Category paths of requirements §2 and their SEO reference ids (requirements §7). */
export const CATEGORIES = [
  { path: '/', label: 'All Prompts', grade: null, referenceId: null },
  { path: '/category/free-prompts', label: 'Free Prompts', grade: 0, referenceId: 'free_prompts' },
  { path: '/category/fruit-prompts', label: 'FruitCoin Prompts', grade: 1, referenceId: 'fruit_prompts' },
  { path: '/category/premium-prompts', label: 'Premium Prompts', grade: 2, referenceId: 'pay_prompts' },
] as const;

export type Category = (typeof CATEGORIES)[number];

const CATEGORY_ALIASES: Record<string, string> = {
  '': 'all',
  all_prompts: 'all',
  free: 'free_prompts',
  '0': 'free_prompts',
  fruit: 'fruit_prompts',
  fruitcoin: 'fruit_prompts',
  fruitcoin_prompts: 'fruit_prompts',
  '1': 'fruit_prompts',
  premium: 'pay_prompts',
  premium_prompts: 'pay_prompts',
  pay: 'pay_prompts',
  paid: 'pay_prompts',
  '2': 'pay_prompts',
};

/**
 * The category a reference id names (requirements §7: free_prompts, fruit_prompts, pay_prompts, as the
 * `id` query or path param), or its path segment (free-prompts), grade (0, 1, 2) or a plain alias
 * (free, premium); `all` and '' are All Prompts. Anything else is no category.
 */
export function categoryByReference(raw: string): Category | null {
  const id = raw.trim().toLowerCase().replace(/-/g, '_');
  const key = CATEGORY_ALIASES[id] ?? id;
  return CATEGORIES.find((c) => (c.referenceId ?? 'all') === key) ?? null;
}

/** What a list asks the catalog for; every field optional, the server applies defaults. */
export interface ListQuery {
  /** Which list: the catalog (default), the recommendations, or the member's saved prompts. */
  source?: 'catalog' | 'recommended';
  /** Full-text search (requirements §2 /search?q=). */
  q?: string;
  /** Only the caller's saved prompts. */
  saved?: boolean;
  grade?: Grade;
  type?: GeneratorType;
  sort?: Sort;
  page?: number;
  pageSize?: number;
  tags?: string[];
}

export const sameQuery = (a: ListQuery, b: ListQuery): boolean =>
  (a.source ?? 'catalog') === (b.source ?? 'catalog') &&
  (a.q ?? '') === (b.q ?? '') &&
  Boolean(a.saved) === Boolean(b.saved) &&
  a.grade === b.grade &&
  a.type === b.type &&
  (a.sort ?? 'trending') === (b.sort ?? 'trending') &&
  (a.page ?? 1) === (b.page ?? 1) &&
  a.pageSize === b.pageSize &&
  (a.tags ?? []).join(',') === (b.tags ?? []).join(',');

/** requirements §4 Legacy detail redirect: promptDetail.slugId, or slug with sortId, else none. */
export function detailSlugIdOf(prompt: {
  promptDetail?: { slugId?: string | null; slug?: string | null; sortId?: number | null };
}): string | null {
  const d = prompt.promptDetail;
  if (!d) return null;
  if (d.slugId) return d.slugId;
  if (d.slug && d.sortId !== null && d.sortId !== undefined) return slugIdOf(d.slug, d.sortId);
  return null;
}

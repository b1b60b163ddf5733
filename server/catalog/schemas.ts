// TypeBox schemas of the catalog calls. The response schemas mirror domain/catalog.ts and, being
// serialisation schemas, also drop any property they do not declare.
import { Type, type TSchema } from 'typebox';
import { SORTS } from '../../domain/catalog.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import { EnvelopeSchema } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';

const Grade = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);
const Generator = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ImageSchema = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  alt: Type.String(),
});

const cardProperties = {
  id: Type.Integer(),
  sortId: Type.Integer(),
  slug: Type.String(),
  slugId: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  type: Type.Union([Type.Literal('1'), Type.Literal('2')]),
  generatorType: Generator,
  grade: Grade,
  priceFruit: Nullable(Type.Integer()),
  priceCents: Nullable(Type.Integer()),
  tags: Type.Array(Type.String()),
  image: ImageSchema,
  hasAccess: Type.Union([Type.Literal(0), Type.Literal(1)]),
  views: Type.Integer(),
  sales: Type.Integer(),
  createdAt: Type.String(),
  saved: Type.Optional(
    Type.Boolean({ description: 'Saved by the signed-in caller; absent for anonymous callers' }),
  ),
};

export const MatchSchema = Type.Object(
  {
    title: Type.String(),
    excerpt: Type.String(),
  },
  { description: 'Search answers: matched words between U+E000 and U+E001; plain text otherwise' },
);

export const PromptCardSchema = Type.Object({ ...cardProperties, match: Type.Optional(MatchSchema) });

export const PromptDetailSchema = Type.Object({
  slugId: Type.String(),
  slug: Type.String(),
  sortId: Type.Integer(),
  template: Nullable(Type.String()),
  variables: Type.Array(Type.Object({ index: Type.Integer(), label: Type.String(), example: Type.String() })),
});

export const PromptFullSchema = Type.Object({
  ...cardProperties,
  saved: Type.Boolean({ description: 'Saved by the signed-in caller; false for anonymous callers' }),
  description: Type.String(),
  images: Type.Array(ImageSchema),
  promptDetail: PromptDetailSchema,
});

export const ListQuerySchema = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_QUERY_MAX_LENGTH,
      description:
        'Search text: words (all must match; a word that is not in the catalog is taken as a prefix, or as ' +
        'a typo of a close catalog word), "quoted phrases", -excluded words. The storefront cuts a longer ' +
        'text at a word boundary before it asks (domain/search-query.ts)',
    }),
  ),
  grade: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2, description: '0 free, 1 FruitCoin, 2 premium' }),
  ),
  type: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 4,
      description: 'Generator: 1 Midjourney, 2 DALL.E, 3 ChatGPT, 4 Kling',
    }),
  ),
  tags: Type.Optional(
    Type.String({ maxLength: 300, pattern: NO_NUL, description: 'Comma-separated; every tag must match' }),
  ),
  saved: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1,
      description: "1: only the caller's saved prompts (needs the bearer token)",
    }),
  ),
  sort: Type.Optional(
    Type.Enum([...SORTS, 'relevance'], {
      description: 'Default: relevance when q is given, else trending',
    }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 24 })),
});

export const PromptPageResponse = EnvelopeSchema(
  Type.Object({
    data: Type.Array(PromptCardSchema),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalExact: Type.Optional(
      Type.Boolean({
        description:
          'Searches: false when more than 1000 prompts match (total is then 1000, the results served)',
      }),
    ),
    suggestions: Type.Optional(
      Type.Array(Type.String(), {
        description: 'A search without results: up to 5 close catalog words or tags, else popular tags',
      }),
    ),
  }),
);

export const HomeResponse = EnvelopeSchema(
  Type.Object({
    sections: Type.Array(
      Type.Object({
        key: Type.Enum(['trending', 'newest', 'free', 'midjourney', 'dalle', 'chatgpt', 'kling']),
        title: Type.String(),
        data: Type.Array(PromptCardSchema),
      }),
    ),
  }),
);

export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 24 })),
});

export const RecommendedResponse = EnvelopeSchema(
  Type.Object({
    mode: Type.Enum(['personal', 'popular']),
    because: Type.Array(Type.String(), {
      description: 'personal: the strongest tags of what the member bought, saved and viewed; popular: empty',
    }),
    data: Type.Array(PromptCardSchema),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  }),
);

export const RelatedQuerySchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 300, description: 'Numeric id, or slugId (slug-sortId)' }),
});

export const CardsResponse = EnvelopeSchema(Type.Object({ data: Type.Array(PromptCardSchema) }));

export const PromptIdBodySchema = Type.Object({
  promptId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

export const FavoritesResponse = EnvelopeSchema(
  Type.Object({ data: Type.Array(Type.Integer(), { description: 'Prompt ids, most recently saved first' }) }),
);

export const FavoriteChangeResponse = EnvelopeSchema(
  Type.Object({ promptId: Type.Integer(), saved: Type.Boolean() }),
);

export const DetailQuerySchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 300, description: 'Numeric id, or slugId (slug-sortId)' }),
  memberId: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Accepted and ignored: the caller is known only from the token',
    }),
  ),
});

export const PromptDetailResponse = EnvelopeSchema(
  Type.Object({ data: PromptFullSchema, promptDetail: PromptDetailSchema }),
);

export const ImageParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  n: Type.Integer({ minimum: 0, maximum: 7 }),
});

export const ImageQuerySchema = Type.Object({
  size: Type.Optional(Type.Enum(['card', 'full'], { default: 'card' })),
});

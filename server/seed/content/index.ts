// The demo data of CONTRACT.md §3, composed deterministically from the vocabularies in themes.ts.
import { GENERATORS, type GeneratorType, type Grade } from '../../../machines/domain/catalog.ts';
import type { SeedData, SeedPrompt } from '../types.ts';
import { createRandom, type Random } from './random.ts';
import {
  CAMERA_MOVES,
  IMAGE_THEMES,
  LENSES,
  LIGHTING,
  MOODS,
  STYLES,
  TEXT_THEMES,
  type ImageTheme,
} from './themes.ts';

export const PROMPT_COUNT = 264;
export const DEMO_USER_ID = '00000000-0000-4000-8000-000000000001';
export const ALICE_USER_ID = '00000000-0000-4000-8000-000000000002';

const PALETTE_WORDS = [
  'teal and amber',
  'dusty rose and sage',
  'cobalt and tangerine',
  'charcoal and gold',
  'pastel lilac and mint',
  'burnt orange and navy',
  'emerald and cream',
];
const EXTRA_DETAILS = [
  'drifting snow',
  'scattered fireflies',
  'a low morning mist',
  'falling cherry petals',
  'light rain on glass',
  'long evening shadows',
];
const TEXT_QUALIFIERS = [
  '',
  'for Startups',
  'for Local Businesses',
  'for Creators',
  'for Nonprofits',
  'for Agencies',
  'for Online Shops',
];

const kebab = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u2019']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const withArticle = (text: string): string => `${/^[aeiou]/i.test(text) ? 'an' : 'a'} ${text}`;

const dayMs = 86_400_000;
const CATALOG_START = Date.UTC(2025, 10, 1);

function gradeFor(index: number): Grade {
  // 40% free, 35% FruitCoin, 25% premium, interleaved so every generator gets each grade.
  const slot = (index * 7) % 20;
  return slot < 8 ? 0 : slot < 15 ? 1 : 2;
}

function priceOf(grade: Grade, r: Random): { priceFruit: number | null; priceCents: number | null } {
  if (grade === 1) return { priceFruit: r.int(1, 24) * 5, priceCents: null };
  if (grade === 2) return { priceFruit: null, priceCents: r.int(1, 19) * 100 + 99 };
  return { priceFruit: null, priceCents: null };
}

function imagePrompt(id: number, generatorType: GeneratorType, theme: ImageTheme, title: string, r: Random) {
  const [subject, setting] = title.split(' | ') as [string, string];
  const style = r.pick(STYLES);
  const lighting = r.pick(LIGHTING);
  const mood = r.pick(MOODS);
  const place = `${subject.toLowerCase()} ${setting.toLowerCase()}`;
  const withExtra = r.next() < 0.45;
  const variables = [
    { index: 0, label: theme.subjectLabel, example: r.pick(theme.subjectExamples) },
    { index: 1, label: 'Colour palette', example: r.pick(PALETTE_WORDS) },
    ...(withExtra ? [{ index: 2, label: 'Atmospheric detail', example: r.pick(EXTRA_DETAILS) }] : []),
  ];
  const extra = withExtra ? ', [Variable 3]' : '';
  let template: string;
  if (generatorType === 1) {
    template = `a [Variable 1] in ${withArticle(place)}${extra}, [Variable 2] colour palette, ${style}, ${lighting}, ${r.pick(LENSES)}, ${mood} atmosphere, intricate detail --ar ${r.pick(['3:2', '4:5', '16:9', '1:1'])} --v 6.1 --style raw --stylize ${r.int(1, 8) * 50}`;
  } else if (generatorType === 2) {
    template = `${capitalise(withArticle(style))} of a [Variable 1] in ${withArticle(place)}${extra}. Use a [Variable 2] palette and ${lighting}. The mood is ${mood}; keep the composition clean with space at the top for a headline.`;
  } else {
    template = `Cinematic 5-second shot: ${r.pick(CAMERA_MOVES)} towards a [Variable 1] in ${withArticle(place)}${extra}. ${capitalise(lighting)}, [Variable 2] colour grade, natural motion blur, 24 fps, shallow depth of field. Aspect 16:9, duration 5 s.`;
  }
  const medium = generatorType === 4 ? 'video shot' : style;
  const description = [
    `${capitalise(mood)} ${medium} of ${withArticle(place)}, written for ${GENERATORS[generatorType]}.`,
    r.pick([
      `Swap in your own ${theme.subjectLabel.toLowerCase()} and palette and keep the lighting that makes it work.`,
      `The variables let you change the ${theme.subjectLabel.toLowerCase()} and colours without losing the composition.`,
      `Tested across many subjects; the structure keeps results consistent from one run to the next.`,
    ]),
    `Great for ${theme.use}.`,
  ].join(' ');
  const styleTag = /watercolor/.test(style)
    ? 'watercolor'
    : /anime/.test(style)
      ? 'anime'
      : /3D/.test(style)
        ? '3d'
        : /photo/.test(style)
          ? 'photography'
          : /poster/.test(style)
            ? 'poster'
            : /painting/.test(style)
              ? 'painting'
              : 'cinematic';
  const generatorTag = generatorType === 4 ? 'video' : generatorType === 1 ? 'midjourney' : 'dalle';
  const tags = [...new Set([...r.sample(theme.tags, 3), styleTag, generatorTag])].slice(0, 6);
  return {
    title: `${subject} ${setting}`,
    template,
    variables,
    description,
    tags,
    art: { scene: theme.scene, palette: r.pick(theme.palettes), seed: id * 7919 },
  };
}

function buildPrompts(): SeedPrompt[] {
  const r = createRandom(20261121);
  const prompts: SeedPrompt[] = [];
  const titles = new Set<string>();
  const slugs = new Set<string>();
  // Every title combination per theme, shuffled once, consumed in turn.
  const imageTitles = IMAGE_THEMES.map((theme) =>
    r.sample(
      theme.subjects.flatMap((s) => theme.settings.map((t) => `${s} | ${t}`)),
      theme.subjects.length * theme.settings.length,
    ),
  );
  const textTitles = r.sample(
    TEXT_THEMES.flatMap((theme, t) => TEXT_QUALIFIERS.map((q) => ({ t, q }))),
    TEXT_THEMES.length * TEXT_QUALIFIERS.length,
  );
  let imageTurn = 0;

  for (let id = 1; id <= PROMPT_COUNT; id++) {
    const generatorType = (((id - 1) % 4) + 1) as GeneratorType;
    const grade = gradeFor(id - 1);
    let body: Pick<SeedPrompt, 'title' | 'template' | 'variables' | 'description' | 'tags' | 'art'>;
    if (generatorType === 3) {
      const { t, q } = textTitles.shift()!;
      const theme = TEXT_THEMES[t]!;
      const title = q ? `${theme.title} ${q}` : theme.title;
      body = {
        title,
        template: theme.template,
        variables: theme.variables.map((v, index) => ({ index, ...v })),
        description: `${theme.description} ${q ? `Tuned ${q.toLowerCase()}: the examples and tone fit that reader.` : 'A dependable starting point you can adapt to any brand.'} Paste it into ChatGPT, fill the variables and refine the answer in follow-ups.`,
        tags: [...new Set([...theme.tags, 'chatgpt'])].slice(0, 6),
        art: {
          scene: r.pick(['geometric', 'abstract'] as const),
          palette: r.pick(IMAGE_THEMES[6]!.palettes.concat(IMAGE_THEMES[9]!.palettes)),
          seed: id * 7919,
        },
      };
    } else {
      const themeIndex = imageTurn++ % IMAGE_THEMES.length;
      const theme = IMAGE_THEMES[themeIndex]!;
      let title = imageTitles[themeIndex]!.shift();
      if (!title) title = `${r.pick(theme.subjects)} | ${r.pick(theme.settings)} ${id}`;
      body = imagePrompt(id, generatorType, theme, title, r);
    }
    if (titles.has(body.title)) body = { ...body, title: `${body.title} II` };
    titles.add(body.title);
    let slug = kebab(body.title);
    if (slugs.has(slug)) slug = `${slug}-${id}`;
    slugs.add(slug);

    const popularity = Math.pow(r.next(), 2.2);
    const views = Math.round(40 + popularity * 24_000);
    prompts.push({
      id,
      sortId: id,
      slug,
      ...body,
      generatorType,
      grade,
      ...priceOf(grade, r),
      imageCount: r.int(1, 4),
      views,
      sales: Math.round(views / r.int(35, 160)),
      createdAt: new Date(CATALOG_START + r.int(0, 364) * dayMs + r.int(7, 21) * 3_600_000).toISOString(),
    });
  }
  return prompts;
}

const at = (date: string, hour = 10): string =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:00:00.000Z`).toISOString();

/** Prompts of a grade, cheapest first (deterministic picks for the demo orders). */
const byGrade = (prompts: SeedPrompt[], grade: Grade) =>
  prompts
    .filter((p) => p.grade === grade)
    .sort((a, b) => (a.priceFruit ?? a.priceCents ?? 0) - (b.priceFruit ?? b.priceCents ?? 0) || a.id - b.id);

export function buildSeedData(): SeedData {
  const prompts = buildPrompts();
  const fruit = byGrade(prompts, 1).filter((p) => (p.priceFruit ?? 0) <= 60);
  const premium = byGrade(prompts, 2);
  const f = (i: number) => fruit[i * 3]!.id;
  const p = (i: number) => premium[i * 4 + 1]!.id;
  const popular = [...prompts].sort((a, b) => b.views - a.views || a.id - b.id);

  return {
    users: [
      {
        id: DEMO_USER_ID,
        email: 'demo@example.com',
        password: 'Demo@12345',
        name: 'Demo Shopper',
        createdAt: at('2025-11-12', 9),
      },
      {
        id: ALICE_USER_ID,
        email: 'alice@example.com',
        password: 'Alice@12345',
        name: 'Alice Moreau',
        createdAt: at('2025-12-03', 14),
      },
    ],
    prompts,
    coupons: [
      {
        code: 'WELCOME10',
        title: 'Welcome: 10% off your first premium order',
        kind: 'percent',
        value: 10,
        minSpendCents: 0,
        validFrom: at('2025-11-12'),
        validUntil: at('2026-11-12'),
        ownerEmail: 'demo@example.com',
        status: 'used',
      },
      {
        code: 'SPRING5',
        title: '$5 off orders of $15 or more',
        kind: 'amount',
        value: 500,
        minSpendCents: 1500,
        validFrom: at('2026-03-01'),
        validUntil: at('2026-05-31'),
        ownerEmail: 'demo@example.com',
        status: 'expired',
      },
      {
        code: 'FRUIT15',
        title: '15% off any premium prompt',
        kind: 'percent',
        value: 15,
        minSpendCents: 0,
        validFrom: at('2026-09-01'),
        validUntil: at('2027-03-31'),
        ownerEmail: 'demo@example.com',
        status: 'valid',
      },
      {
        code: 'SAVE3NOW',
        title: '$3 off orders of $8 or more',
        kind: 'amount',
        value: 300,
        minSpendCents: 800,
        validFrom: at('2026-10-01'),
        validUntil: at('2027-01-31'),
        ownerEmail: 'demo@example.com',
        status: 'valid',
      },
      {
        code: 'ALICE10',
        title: 'Welcome: 10% off your first premium order',
        kind: 'percent',
        value: 10,
        minSpendCents: 0,
        validFrom: at('2025-12-03'),
        validUntil: at('2027-06-30'),
        ownerEmail: 'alice@example.com',
        status: 'valid',
      },
      {
        code: 'SUMMER20',
        title: '20% off summer collection',
        kind: 'percent',
        value: 20,
        minSpendCents: 500,
        validFrom: at('2026-06-01'),
        validUntil: at('2026-08-31'),
        ownerEmail: 'alice@example.com',
        status: 'expired',
      },
    ],
    exchangeOffers: [
      {
        id: 1,
        title: '$2 off a premium prompt',
        fruitCost: 100,
        coupon: {
          title: '$2 off orders of $5 or more',
          kind: 'amount',
          value: 200,
          minSpendCents: 500,
          validDays: 30,
        },
      },
      {
        id: 2,
        title: '10% off your next order',
        fruitCost: 180,
        coupon: { title: '10% off any order', kind: 'percent', value: 10, minSpendCents: 0, validDays: 30 },
      },
      {
        id: 3,
        title: '$5 off orders of $12 or more',
        fruitCost: 250,
        coupon: {
          title: '$5 off orders of $12 or more',
          kind: 'amount',
          value: 500,
          minSpendCents: 1200,
          validDays: 45,
        },
      },
      {
        id: 4,
        title: '20% off a big haul',
        fruitCost: 400,
        coupon: {
          title: '20% off orders of $20 or more',
          kind: 'percent',
          value: 20,
          minSpendCents: 2000,
          validDays: 60,
        },
      },
    ],
    orders: [
      {
        userEmail: 'demo@example.com',
        promptIds: [f(0), f(1)],
        status: 'paid',
        createdAt: at('2026-01-14', 18),
        couponCode: null,
      },
      {
        userEmail: 'demo@example.com',
        promptIds: [p(0)],
        status: 'paid',
        createdAt: at('2026-02-20', 11),
        couponCode: 'WELCOME10',
      },
      {
        userEmail: 'demo@example.com',
        promptIds: [f(2), p(1)],
        status: 'paid',
        createdAt: at('2026-04-03', 20),
        couponCode: null,
      },
      {
        userEmail: 'demo@example.com',
        promptIds: [p(2)],
        status: 'cancelled',
        createdAt: at('2026-06-11', 9),
        couponCode: null,
      },
      {
        userEmail: 'demo@example.com',
        promptIds: [p(3)],
        status: 'pending',
        createdAt: at('2026-10-28', 16),
        couponCode: null,
      },
      {
        userEmail: 'alice@example.com',
        promptIds: [f(3)],
        status: 'paid',
        createdAt: at('2026-01-02', 13),
        couponCode: null,
      },
      {
        userEmail: 'alice@example.com',
        promptIds: [p(4)],
        status: 'paid',
        createdAt: at('2026-03-18', 10),
        couponCode: null,
      },
      {
        userEmail: 'alice@example.com',
        promptIds: [f(4), p(5)],
        status: 'paid',
        createdAt: at('2026-07-09', 19),
        couponCode: null,
      },
      {
        userEmail: 'alice@example.com',
        promptIds: [p(6)],
        status: 'pending',
        createdAt: at('2026-11-02', 8),
        couponCode: null,
      },
    ],
    messages: [
      {
        userEmail: 'demo@example.com',
        kind: 'welcome',
        title: 'Welcome to FruitPrompt',
        body: 'Thanks for joining! We added 200 FruitCoins to your balance so you can unlock your first prompts. Browse the FruitCoin category to see what they buy.',
        createdAt: at('2025-11-12', 9),
        read: true,
      },
      {
        userEmail: 'demo@example.com',
        kind: 'order',
        title: 'Order paid: 2 FruitCoin prompts',
        body: 'Your FruitCoin order is complete. Both prompts are unlocked: open them from Orders to fill in their variables and copy the full text.',
        createdAt: at('2026-01-14', 18),
        read: true,
      },
      {
        userEmail: 'demo@example.com',
        kind: 'coupon',
        title: 'Your coupon WELCOME10 was applied',
        body: 'You saved 10% on your first premium prompt. Keep an eye on this inbox for seasonal offers.',
        createdAt: at('2026-02-20', 11),
        read: true,
      },
      {
        userEmail: 'demo@example.com',
        kind: 'support',
        title: 'Re: Copying prompts on mobile',
        body: 'Hi! The Copy prompt button now works on iOS Safari as well. Thanks for reporting it, and sorry for the trouble. — Maya from FruitPrompt support',
        createdAt: at('2026-03-02', 15),
        read: false,
      },
      {
        userEmail: 'demo@example.com',
        kind: 'order',
        title: 'Order paid: 1 FruitCoin and 1 premium prompt',
        body: 'Payment received. Your prompts are unlocked and listed in Orders with their receipts.',
        createdAt: at('2026-04-03', 20),
        read: true,
      },
      {
        userEmail: 'demo@example.com',
        kind: 'notice',
        title: 'New: Kling video prompts',
        body: 'We now carry prompts for Kling, the video generator. Each one describes a five-second shot with camera movement and lighting you can adapt.',
        createdAt: at('2026-06-20', 12),
        read: false,
      },
      {
        userEmail: 'demo@example.com',
        kind: 'coupon',
        title: 'A new coupon: FRUIT15',
        body: 'Enjoy 15% off any premium prompt until 31 March 2027. You will find it under My Coupons.',
        createdAt: at('2026-09-01', 10),
        read: false,
      },
      {
        userEmail: 'demo@example.com',
        kind: 'notice',
        title: 'Your order is waiting for payment',
        body: 'Your premium order from 28 October is still pending. Open it from Orders to finish paying or cancel it.',
        createdAt: at('2026-10-29', 9),
        read: false,
      },
      {
        userEmail: 'alice@example.com',
        kind: 'welcome',
        title: 'Welcome to FruitPrompt',
        body: 'Thanks for joining! We added 200 FruitCoins to your balance so you can unlock your first prompts.',
        createdAt: at('2025-12-03', 14),
        read: true,
      },
      {
        userEmail: 'alice@example.com',
        kind: 'order',
        title: 'Order paid: 1 FruitCoin prompt',
        body: 'Your FruitCoin order is complete and the prompt is unlocked.',
        createdAt: at('2026-01-02', 13),
        read: true,
      },
      {
        userEmail: 'alice@example.com',
        kind: 'order',
        title: 'Order paid: 1 premium prompt',
        body: 'Payment received. Your prompt is unlocked and listed in Orders.',
        createdAt: at('2026-03-18', 10),
        read: true,
      },
      {
        userEmail: 'alice@example.com',
        kind: 'coupon',
        title: 'Summer offer: SUMMER20',
        body: '20% off orders of $5 or more until 31 August. Happy creating!',
        createdAt: at('2026-06-01', 8),
        read: true,
      },
      {
        userEmail: 'alice@example.com',
        kind: 'notice',
        title: 'Holiday gift: 80 FruitCoins',
        body: 'We added 80 FruitCoins to your balance as a thank-you for being part of FruitPrompt this year.',
        createdAt: at('2026-07-01', 9),
        read: false,
      },
      {
        userEmail: 'alice@example.com',
        kind: 'support',
        title: 'Re: Invoice for my order',
        body: 'Hello Alice, you can download a receipt for every paid order from the order page. Let us know if you need a company name on it. — Jonas, FruitPrompt support',
        createdAt: at('2026-07-12', 16),
        read: false,
      },
    ],
    shortLinks: [
      {
        id: 'pxCraft7',
        promptId: popular[0]!.id,
        partner: true,
        ownerEmail: null,
        partnerName: 'PixelCraft Weekly',
      },
      {
        id: 'dsRef42',
        promptId: popular[1]!.id,
        partner: false,
        ownerEmail: 'demo@example.com',
        partnerName: null,
      },
      {
        id: 'alR9kq',
        promptId: popular[2]!.id,
        partner: false,
        ownerEmail: 'alice@example.com',
        partnerName: null,
      },
    ],
    fruitBonuses: [
      { userEmail: 'demo@example.com', amount: 200, reason: 'Welcome bonus', createdAt: at('2025-11-12', 9) },
      {
        userEmail: 'demo@example.com',
        amount: 150,
        reason: 'Spring promotion',
        createdAt: at('2026-03-21', 10),
      },
      {
        userEmail: 'demo@example.com',
        amount: 100,
        reason: 'Referral reward: a friend joined',
        createdAt: at('2026-05-04', 17),
      },
      { userEmail: 'demo@example.com', amount: 50, reason: 'Review reward', createdAt: at('2026-08-15', 12) },
      {
        userEmail: 'alice@example.com',
        amount: 200,
        reason: 'Welcome bonus',
        createdAt: at('2025-12-03', 14),
      },
      { userEmail: 'alice@example.com', amount: 80, reason: 'Holiday gift', createdAt: at('2026-07-01', 9) },
    ],
  };
}

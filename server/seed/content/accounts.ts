// The two demo accounts and everything attached to them: orders, coupons, messages, FruitCoin ledger
// entries, exchange offers and short links (requirements §C3). Orders refer to real prompts of the
// generated catalogue, chosen deterministically.
import { PRODUCT_NAME } from '../../../domain/catalog.ts';
import type {
  SeedCoupon,
  SeedData,
  SeedExchangeOffer,
  SeedMessage,
  SeedOrder,
  SeedPrompt,
  SeedShortLink,
  SeedSupportRequest,
  SeedUser,
} from '../types.ts';
import { createRng, hashSeed } from './lib.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const ALICE_EMAIL = 'alice@example.com';

/** The instant coupon states are computed against (valid / used / expired). */
export const REFERENCE_DATE = '2026-11-21T00:00:00.000Z';

export const USERS: SeedUser[] = [
  {
    id: '5f0c8a2e-7b1d-4c3e-9f6a-1d2e3f4a5b6c',
    email: DEMO_EMAIL,
    password: 'Demo@12345',
    name: 'Demo Shopper',
    createdAt: '2025-11-03T09:12:00.000Z',
  },
  {
    id: 'a11ce0b5-4b2c-4d8e-8f1a-6c7d8e9f0a1b',
    email: ALICE_EMAIL,
    password: 'Alice@12345',
    name: 'Alice Moreau',
    createdAt: '2026-01-14T17:45:00.000Z',
  },
];

export const EXCHANGE_OFFERS: SeedExchangeOffer[] = [
  {
    id: 1,
    title: '$2 off any premium prompt',
    fruitCost: 300,
    coupon: {
      title: '$2 off any premium prompt',
      kind: 'amount',
      value: 200,
      minSpendCents: 499,
      validDays: 90,
    },
  },
  {
    id: 2,
    title: '$3 off orders over $9',
    fruitCost: 400,
    coupon: { title: '$3 off orders over $9', kind: 'amount', value: 300, minSpendCents: 900, validDays: 60 },
  },
  {
    id: 3,
    title: '$5 off orders over $12',
    fruitCost: 700,
    coupon: {
      title: '$5 off orders over $12',
      kind: 'amount',
      value: 500,
      minSpendCents: 1200,
      validDays: 90,
    },
  },
  {
    id: 4,
    title: '$8 off orders over $15',
    fruitCost: 1050,
    coupon: {
      title: '$8 off orders over $15',
      kind: 'amount',
      value: 800,
      minSpendCents: 1500,
      validDays: 90,
    },
  },
  {
    id: 5,
    title: '$6 off orders over $18',
    fruitCost: 800,
    coupon: {
      title: '$6 off orders over $18',
      kind: 'amount',
      value: 600,
      minSpendCents: 1800,
      validDays: 30,
    },
  },
];

/** What the demo member paid for FRUIT2-DM7Q: the price of the offer it came from. */
const FRUIT2_COST = EXCHANGE_OFFERS[0]!.fruitCost;

type OwnedCoupon = SeedData['coupons'][number];

const coupon = (ownerEmail: string, status: OwnedCoupon['status'], c: SeedCoupon): OwnedCoupon => ({
  ...c,
  ownerEmail,
  status,
});

const COUPONS: OwnedCoupon[] = [
  coupon(DEMO_EMAIL, 'valid', {
    code: 'FRESH15-DM',
    title: '15% off your next premium prompt',
    kind: 'percent',
    value: 15,
    minSpendCents: 0,
    validFrom: '2026-10-01T00:00:00.000Z',
    validUntil: '2027-03-31T23:59:59.000Z',
  }),
  coupon(DEMO_EMAIL, 'valid', {
    code: 'FRUIT2-DM7Q',
    title: '$2 off any premium prompt',
    kind: 'amount',
    value: 200,
    minSpendCents: 499,
    validFrom: '2026-10-12T10:05:00.000Z',
    validUntil: '2027-01-10T23:59:59.000Z',
  }),
  coupon(DEMO_EMAIL, 'used', {
    code: 'SPRING3-DM',
    title: '$3 off orders over $5',
    kind: 'amount',
    value: 300,
    minSpendCents: 500,
    validFrom: '2026-03-01T00:00:00.000Z',
    validUntil: '2026-04-30T23:59:59.000Z',
  }),
  coupon(DEMO_EMAIL, 'expired', {
    code: 'BLACKFRIDAY25',
    title: '25% off everything, Black Friday weekend',
    kind: 'percent',
    value: 25,
    minSpendCents: 0,
    validFrom: '2025-11-28T00:00:00.000Z',
    validUntil: '2025-12-01T23:59:59.000Z',
  }),
  coupon(DEMO_EMAIL, 'expired', {
    code: 'NEWYEAR5-DM',
    title: '$5 off orders over $10',
    kind: 'amount',
    value: 500,
    minSpendCents: 1000,
    validFrom: '2026-01-01T00:00:00.000Z',
    validUntil: '2026-01-31T23:59:59.000Z',
  }),
  coupon(ALICE_EMAIL, 'valid', {
    code: 'CREATOR20-AM',
    title: '20% off for new creators',
    kind: 'percent',
    value: 20,
    minSpendCents: 0,
    validFrom: '2026-09-15T00:00:00.000Z',
    validUntil: '2027-02-28T23:59:59.000Z',
  }),
  coupon(ALICE_EMAIL, 'used', {
    code: 'WELCOME10-AM',
    title: '10% off your first premium order',
    kind: 'percent',
    value: 10,
    minSpendCents: 0,
    validFrom: '2026-01-14T17:45:00.000Z',
    validUntil: '2026-02-14T23:59:59.000Z',
  }),
  coupon(ALICE_EMAIL, 'expired', {
    code: 'SUMMER4-AM',
    title: '$4 off orders over $8',
    kind: 'amount',
    value: 400,
    minSpendCents: 800,
    validFrom: '2026-07-01T00:00:00.000Z',
    validUntil: '2026-08-31T23:59:59.000Z',
  }),
];

const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const quoted = (p: SeedPrompt): string => `“${p.title}”`;
const both = (ps: SeedPrompt[]): string =>
  ps.length === 1
    ? quoted(ps[0] as SeedPrompt)
    : `${ps.slice(0, -1).map(quoted).join(', ')} and ${quoted(ps[ps.length - 1] as SeedPrompt)}`;
const fruitOf = (ps: SeedPrompt[]): number => ps.reduce((n, p) => n + (p.priceFruit ?? 0), 0);
const centsOf = (ps: SeedPrompt[]): number => ps.reduce((n, p) => n + (p.priceCents ?? 0), 0);

/** Rounds a balancing bonus up to a multiple of 10, so the final balance lands just above the target. */
const balancing = (target: number, others: number, spent: number): number =>
  Math.ceil((target - others + spent) / 10) * 10;

export function buildAccounts(prompts: readonly SeedPrompt[]): Omit<SeedData, 'prompts'> {
  const r = createRng(hashSeed('fruitprompt:accounts'));
  const fruit = r.shuffle(prompts.filter((p) => p.grade === 1 && (p.priceFruit ?? 0) <= 60));
  const premium = r.shuffle(prompts.filter((p) => p.grade === 2));
  /** Takes n prompts from `pool` that were published before `before` (and cost at least minCents). */
  const take = (pool: SeedPrompt[], n: number, before: string, minCents = 0): SeedPrompt[] => {
    const out: SeedPrompt[] = [];
    for (let i = 0; i < pool.length && out.length < n;) {
      const p = pool[i] as SeedPrompt;
      if (p.createdAt < before && (p.priceCents ?? minCents) >= minCents) {
        out.push(p);
        pool.splice(i, 1);
      } else i++;
    }
    if (out.length < n) throw new Error(`not enough prompts published before ${before} for the demo orders`);
    return out;
  };

  const when = {
    dA: '2025-12-06T19:42:00.000Z',
    dB: '2026-03-18T12:05:00.000Z',
    dC: '2026-06-22T08:31:00.000Z',
    dE: '2026-08-09T21:14:00.000Z',
    dD: '2026-10-29T16:50:00.000Z',
    aB: '2026-01-16T10:22:00.000Z',
    aA: '2026-01-20T20:03:00.000Z',
    aC: '2026-05-02T14:47:00.000Z',
    aD: '2026-07-11T09:12:00.000Z',
    aE: '2026-10-30T18:25:00.000Z',
  };
  // demo: FruitCoin-only, premium with a coupon, mixed, cancelled, pending
  const dA = take(fruit, 2, when.dA);
  const dB = take(premium, 1, when.dB, 599);
  const dC = [...take(fruit, 1, when.dC), ...take(premium, 1, when.dC)];
  const dE = take(premium, 1, when.dE);
  const dD = take(premium, 1, when.dD);
  // alice: premium with a coupon, FruitCoin-only, mixed, cancelled, pending
  const aB = take(premium, 2, when.aB);
  const aA = take(fruit, 3, when.aA);
  const aC = [...take(fruit, 1, when.aC), ...take(premium, 1, when.aC)];
  const aD = take(premium, 1, when.aD);
  const aE = take(premium, 1, when.aE);

  const order = (
    userEmail: string,
    ps: SeedPrompt[],
    status: SeedOrder['status'],
    createdAt: string,
    couponCode: string | null = null,
  ): SeedOrder => ({
    userEmail,
    promptIds: ps.map((p) => p.id),
    status,
    createdAt,
    couponCode,
  });
  const orders: SeedOrder[] = [
    order(DEMO_EMAIL, dA, 'paid', when.dA),
    order(DEMO_EMAIL, dB, 'paid', when.dB, 'SPRING3-DM'),
    order(DEMO_EMAIL, dC, 'paid', when.dC),
    order(DEMO_EMAIL, dE, 'cancelled', when.dE),
    order(DEMO_EMAIL, dD, 'pending', when.dD),
    order(ALICE_EMAIL, aB, 'paid', when.aB, 'WELCOME10-AM'),
    order(ALICE_EMAIL, aA, 'paid', when.aA),
    order(ALICE_EMAIL, aC, 'paid', when.aC),
    order(ALICE_EMAIL, aD, 'cancelled', when.aD),
    order(ALICE_EMAIL, aE, 'pending', when.aE),
  ];

  const demoSpent = fruitOf(dA) + fruitOf(dC);
  const demoOthers = 200 + 50 + 30 + 35 + 100 - FRUIT2_COST;
  const aliceSpent = fruitOf(aA) + fruitOf(aC);
  const aliceOthers = 200 + 50 + 15;
  const fruitBonuses: SeedData['fruitBonuses'] = [
    { userEmail: DEMO_EMAIL, amount: 200, reason: 'Welcome bonus', createdAt: '2025-11-03T09:12:00.000Z' },
    {
      userEmail: DEMO_EMAIL,
      amount: 50,
      reason: 'Email address verified',
      createdAt: '2025-11-03T09:20:00.000Z',
    },
    {
      userEmail: DEMO_EMAIL,
      amount: 30,
      reason: 'First purchase reward',
      createdAt: '2025-12-06T19:43:00.000Z',
    },
    {
      userEmail: DEMO_EMAIL,
      amount: 35,
      reason: '7-day check-in streak',
      createdAt: '2026-02-14T08:00:00.000Z',
    },
    {
      userEmail: DEMO_EMAIL,
      amount: 100,
      reason: 'Referral bonus: a friend joined with your link',
      createdAt: '2026-04-09T15:30:00.000Z',
    },
    {
      userEmail: DEMO_EMAIL,
      amount: balancing(480, demoOthers, demoSpent),
      reason: 'Spring Fruit Festival prize',
      createdAt: '2026-05-20T12:00:00.000Z',
    },
    {
      userEmail: DEMO_EMAIL,
      amount: -FRUIT2_COST,
      reason: 'Exchanged for coupon FRUIT2-DM7Q ($2 off)',
      createdAt: '2026-10-12T10:05:00.000Z',
    },
    { userEmail: ALICE_EMAIL, amount: 200, reason: 'Welcome bonus', createdAt: '2026-01-14T17:45:00.000Z' },
    {
      userEmail: ALICE_EMAIL,
      amount: 50,
      reason: 'Email address verified',
      createdAt: '2026-01-14T17:52:00.000Z',
    },
    {
      userEmail: ALICE_EMAIL,
      amount: 15,
      reason: 'Thanks for rating 3 prompts',
      createdAt: '2026-03-02T11:10:00.000Z',
    },
    {
      userEmail: ALICE_EMAIL,
      amount: balancing(260, aliceOthers, aliceSpent),
      reason: 'Weekly prompt challenge winner',
      createdAt: '2026-04-18T17:00:00.000Z',
    },
  ];

  const demoMessages: Omit<SeedMessage, 'userEmail'>[] = [
    {
      kind: 'welcome',
      title: `Welcome to ${PRODUCT_NAME}!`,
      body:
        `Thanks for joining ${PRODUCT_NAME}. We have added 200 FruitCoins to your wallet as a welcome gift, so you can unlock your ` +
        'first FruitCoin prompts right away. Browse the Free, FruitCoin and Premium categories, add prompts to your cart, and ' +
        'check Messages for order updates and coupons.',
      createdAt: '2025-11-03T09:12:00.000Z',
      read: true,
    },
    {
      kind: 'notice',
      title: 'Your email address is verified',
      body: `Your email address ${DEMO_EMAIL} is verified. As a thank-you, 50 FruitCoins have been added to your balance.`,
      createdAt: '2025-11-03T09:20:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Order complete: 2 FruitCoin prompts',
      body:
        `Your order for ${both(dA)} is complete. ${fruitOf(dA)} FruitCoins were deducted from your balance and both templates ` +
        'are now unlocked on their detail pages. You also earned a 30 FruitCoin first-purchase reward.',
      createdAt: '2025-12-06T19:43:00.000Z',
      read: true,
    },
    {
      kind: 'coupon',
      title: 'You received a coupon: $3 off',
      body:
        'Spring is here! Use code SPRING3-DM for $3 off any order over $5 until 30 April 2026. The coupon is already waiting ' +
        'in My Coupons; pick it at checkout to apply it.',
      createdAt: '2026-03-01T08:00:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Payment received',
      body:
        `Thanks! We received your payment of ${money(centsOf(dB) - 300)} for ${both(dB)}. Coupon SPRING3-DM saved you $3.00. ` +
        'Your receipt is available in Orders, and the full prompt is unlocked.',
      createdAt: '2026-03-18T12:06:00.000Z',
      read: true,
    },
    {
      kind: 'support',
      title: 'Re: Can I use the generated images commercially?',
      body:
        `Hi Demo, thanks for reaching out. Yes: images you create with prompts bought on ${PRODUCT_NAME} are yours to use, ` +
        'including in client work and products you sell. The licence covers the prompt text itself, so please do not resell ' +
        'or republish the prompt. Let us know if anything else comes up! Camille, Customer Support',
      createdAt: '2026-04-22T14:18:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Order complete',
      body:
        `Your order for ${both(dC)} is complete: ${fruitOf(dC)} FruitCoins and ${money(centsOf(dC))} were charged. ` +
        'Both prompts are now in your library.',
      createdAt: '2026-06-22T08:32:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Order cancelled',
      body: `Your order for ${both(dE)} was cancelled before payment. You have not been charged.`,
      createdAt: '2026-08-09T21:40:00.000Z',
      read: true,
    },
    {
      kind: 'notice',
      title: 'New: a collection of Kling video prompts',
      body:
        'We have added Kling prompts for short cinematic clips: drone flyovers, product turntables, slow-motion food shots ' +
        'and seamless motion backgrounds. Pick Kling in the filters or search for "video" to find them.',
      createdAt: '2026-09-03T09:00:00.000Z',
      read: false,
    },
    {
      kind: 'coupon',
      title: 'A gift for you: 15% off',
      body:
        'As a thank-you for being with us, here is FRESH15-DM: 15% off your next premium prompt, valid until 31 March 2027. ' +
        'You will find it in My Coupons.',
      createdAt: '2026-10-01T08:00:00.000Z',
      read: false,
    },
    {
      kind: 'coupon',
      title: 'Exchange successful: $2 off coupon',
      body:
        `You exchanged ${FRUIT2_COST} FruitCoins for coupon FRUIT2-DM7Q: $2 off any premium prompt (minimum spend $4.99), ` +
        'valid until ' +
        '10 January 2027.',
      createdAt: '2026-10-12T10:05:00.000Z',
      read: false,
    },
    {
      kind: 'order',
      title: 'Your order is waiting for payment',
      body:
        `Your order for ${both(dD)} (${money(centsOf(dD))}) has not been paid yet. You can complete the payment from the ` +
        'pending order page in Orders; unpaid orders are cancelled automatically after a few days.',
      createdAt: '2026-10-29T16:51:00.000Z',
      read: false,
    },
  ];

  const aliceDiscount = Math.round(centsOf(aB) * 0.1);
  const aliceMessages: Omit<SeedMessage, 'userEmail'>[] = [
    {
      kind: 'welcome',
      title: `Welcome to ${PRODUCT_NAME}, Alice!`,
      body:
        'Your account is ready and 200 FruitCoins are waiting in your wallet. Start with the Free Prompts category to try ' +
        'a few templates, then unlock FruitCoin prompts whenever you like.',
      createdAt: '2026-01-14T17:45:00.000Z',
      read: true,
    },
    {
      kind: 'coupon',
      title: 'Your welcome coupon: 10% off',
      body:
        'Here is WELCOME10-AM: 10% off your first premium order, valid until 14 February 2026. Select it at checkout to ' +
        'apply the discount.',
      createdAt: '2026-01-14T17:46:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Payment received',
      body:
        `Thanks for your order! We received ${money(centsOf(aB) - aliceDiscount)} for ${both(aB)} ` +
        `(coupon WELCOME10-AM saved you ${money(aliceDiscount)}).`,
      createdAt: '2026-01-16T10:23:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Order complete: 3 FruitCoin prompts',
      body: `${fruitOf(aA)} FruitCoins were deducted for ${both(aA)}. Enjoy your new prompts!`,
      createdAt: '2026-01-20T20:04:00.000Z',
      read: true,
    },
    {
      kind: 'support',
      title: 'Re: My Midjourney results look different from the examples',
      body:
        'Hi Alice, good question! Midjourney results vary between runs and versions. Keep the parameters at the end of the ' +
        'prompt exactly as written (especially --v and --style raw), and try 2 or 3 variations before upscaling. If a prompt ' +
        'still does not work for you, reply here and we will take a look. Jonas, Customer Support',
      createdAt: '2026-02-03T13:27:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Order complete',
      body: `Your order for ${both(aC)} is complete and both prompts are unlocked.`,
      createdAt: '2026-05-02T14:48:00.000Z',
      read: false,
    },
    {
      kind: 'notice',
      title: 'Weekly prompt challenge: you won!',
      body:
        'Your entry in the "Cozy Interiors" challenge was picked by the community. The prize has been added to your ' +
        'FruitCoin balance. Congratulations!',
      createdAt: '2026-04-18T17:00:00.000Z',
      read: true,
    },
    {
      kind: 'order',
      title: 'Order cancelled',
      body: `Your order for ${both(aD)} was cancelled. No payment was taken.`,
      createdAt: '2026-07-11T09:30:00.000Z',
      read: true,
    },
    {
      kind: 'coupon',
      title: 'New coupon: 20% off for creators',
      body: 'Thanks for sharing your work with the community. CREATOR20-AM gives you 20% off any order until 28 February 2027.',
      createdAt: '2026-09-15T09:00:00.000Z',
      read: false,
    },
  ];

  const messages: SeedMessage[] = [
    ...demoMessages.map((m) => ({ ...m, userEmail: DEMO_EMAIL })),
    ...aliceMessages.map((m) => ({ ...m, userEmail: ALICE_EMAIL })),
  ];

  // Customer Support: each answered request's reply is the member's support message `Re: {subject}`.
  const replyTo = (email: string, subject: string): { body: string; repliedAt: string } => {
    const answer = messages.find((m) => m.userEmail === email && m.title === `Re: ${subject}`);
    if (answer === undefined) throw new Error(`No support message answers "${subject}"`);
    return { body: answer.body, repliedAt: answer.createdAt };
  };
  const supportRequests: SeedSupportRequest[] = [
    {
      userEmail: DEMO_EMAIL,
      subject: 'Can I use the generated images commercially?',
      message:
        'Hello! I bought a few premium prompts and I would like to use the images I generate with them for a client ' +
        'project (a small bakery website and its flyers). Is that allowed, or do I need another licence?',
      createdAt: '2026-04-21T19:02:00.000Z',
      reply: replyTo(DEMO_EMAIL, 'Can I use the generated images commercially?'),
    },
    {
      userEmail: DEMO_EMAIL,
      subject: 'Coupon not offered at checkout',
      message:
        'My coupon FRUIT2-DM7Q does not show up when I check out a FruitCoin prompt. Is it only for premium prompts? ' +
        'The coupon page says it is valid until January.',
      createdAt: '2026-11-18T08:47:00.000Z',
      reply: null,
    },
    {
      userEmail: ALICE_EMAIL,
      subject: 'My Midjourney results look different from the examples',
      message:
        'I used one of the botanical Midjourney prompts exactly as written, but my images look much flatter than the ' +
        'examples on the detail page. Am I doing something wrong?',
      createdAt: '2026-02-02T21:15:00.000Z',
      reply: replyTo(ALICE_EMAIL, 'My Midjourney results look different from the examples'),
    },
  ];

  const byViews = [...prompts].sort((a, b) => b.views - a.views || a.id - b.id);
  const top = (pred: (p: SeedPrompt) => boolean, skip = 0): number =>
    (byViews.filter(pred)[skip] as SeedPrompt).id;
  const shortLinks: SeedShortLink[] = [
    {
      id: 'pc7Kd2',
      promptId: top((p) => p.grade === 2),
      partner: true,
      ownerEmail: null,
      partnerName: 'PixelCraft Weekly',
    },
    {
      id: 'Pd9xLm4',
      promptId: top((p) => p.generatorType === 1 && p.grade === 0),
      partner: true,
      ownerEmail: null,
      partnerName: 'The Prompt Digest',
    },
    {
      id: 'dM4qX9t',
      promptId: top((p) => p.generatorType === 2),
      partner: false,
      ownerEmail: DEMO_EMAIL,
      partnerName: null,
    },
    {
      id: 'Zr8wKe',
      promptId: top((p) => p.generatorType === 4, 1),
      partner: false,
      ownerEmail: DEMO_EMAIL,
      partnerName: null,
    },
    {
      id: 'aL7v3Rq',
      promptId: top((p) => p.generatorType === 3),
      partner: false,
      ownerEmail: ALICE_EMAIL,
      partnerName: null,
    },
  ];

  return {
    users: USERS.map((u) => ({ ...u })),
    coupons: COUPONS.map((c) => ({ ...c })),
    exchangeOffers: EXCHANGE_OFFERS.map((o) => ({ ...o, coupon: { ...o.coupon } })),
    orders,
    messages,
    supportRequests,
    shortLinks,
    fruitBonuses,
  };
}

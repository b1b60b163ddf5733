// The demo data of requirements §C3 (server/seed/content): deterministic, dense, realistic and consistent
// with what the seeder (server/seed/index.ts) requires.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fillTemplate,
  GENERATOR_TYPES,
  GRADE_VALUES,
  type GeneratorType,
  type Grade,
} from '../../domain/catalog.ts';
import { ALICE_EMAIL, buildSeedData, DEMO_EMAIL, REFERENCE_DATE } from '../../server/seed/content/index.ts';
import type { SeedData, SeedPrompt } from '../../server/seed/types.ts';

const data: SeedData = buildSeedData();
const prompts = data.prompts;
const byId = new Map(prompts.map((p) => [p.id, p]));
const YEAR_START = Date.parse('2025-11-01T00:00:00.000Z');
const YEAR_END = Date.parse('2026-11-01T00:00:00.000Z');
const REF = Date.parse(REFERENCE_DATE);

const inDemoYear = (iso: string): boolean => {
  const t = Date.parse(iso);
  return !Number.isNaN(t) && t >= YEAR_START && t < YEAR_END;
};

const allText = (p: SeedPrompt): string =>
  [p.title, p.description, p.template, ...p.tags, ...p.variables.flatMap((v) => [v.label, v.example])].join(
    ' ',
  );

const luminance = (hex: string): number => {
  const n = parseInt(hex.slice(1), 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('determinism', () => {
  it('returns deep-equal data on every call', () => {
    const again = buildSeedData();
    expect(again).toEqual(data);
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
  });

  it('uses neither Math.random nor the clock', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now used');
    });
    expect(buildSeedData()).toEqual(data);
  });

  it('hands out fresh objects (callers may mutate them)', () => {
    const a = buildSeedData();
    (a.users[0] as { name: string }).name = 'Changed';
    a.prompts[0]?.tags.push('changed');
    expect(buildSeedData()).toEqual(data);
  });
});

describe('prompts', () => {
  it('has at least 264 prompts with dense ids and sortId === id', () => {
    expect(prompts.length).toBeGreaterThanOrEqual(264);
    prompts.forEach((p, i) => {
      expect(p.id).toBe(i + 1);
      expect(p.sortId).toBe(p.id);
    });
  });

  it('spreads over every (generator, grade) pair, about 40/35/25 per cent by grade', () => {
    const count = (g: GeneratorType, grade: Grade): number =>
      prompts.filter((p) => p.generatorType === g && p.grade === grade).length;
    for (const g of GENERATOR_TYPES) {
      expect(prompts.filter((p) => p.generatorType === g).length).toBeGreaterThanOrEqual(prompts.length / 5);
      for (const grade of GRADE_VALUES) expect(count(g, grade)).toBeGreaterThanOrEqual(12);
    }
    const share = (grade: Grade): number => prompts.filter((p) => p.grade === grade).length / prompts.length;
    expect(share(0)).toBeGreaterThan(0.35);
    expect(share(0)).toBeLessThan(0.45);
    expect(share(1)).toBeGreaterThan(0.3);
    expect(share(1)).toBeLessThan(0.4);
    expect(share(2)).toBeGreaterThan(0.2);
    expect(share(2)).toBeLessThan(0.3);
  });

  it('has unique titles and unique kebab-case slugs made from the titles', () => {
    expect(new Set(prompts.map((p) => p.slug)).size).toBe(prompts.length);
    expect(new Set(prompts.map((p) => p.title.toLowerCase())).size).toBe(prompts.length);
    for (const p of prompts) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const words = p.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()
        .split(' ');
      expect(p.slug.startsWith((words[0] as string).slice(0, 3))).toBe(true);
    }
  });

  it('has placeholders [Variable 1]..[Variable k] that match its variables exactly', () => {
    for (const p of prompts) {
      const numbers = [...p.template.matchAll(/\[Variable (\d+)\]/g)].map((m) => Number(m[1]));
      const distinct = [...new Set(numbers)].sort((a, b) => a - b);
      const k = p.variables.length;
      expect(k, p.title).toBeGreaterThanOrEqual(1);
      expect(k, p.title).toBeLessThanOrEqual(4);
      expect(distinct, p.title).toEqual(Array.from({ length: k }, (_, i) => i + 1));
      p.variables.forEach((v, i) => {
        expect(v.index).toBe(i);
        expect(v.label.trim().length).toBeGreaterThan(2);
        expect(v.example.trim().length).toBeGreaterThan(0);
      });
      // no stray brackets that look like half a placeholder
      expect(p.template.replace(/\[Variable \d+\]/g, '')).not.toMatch(/\[Variable/);
    }
  });

  it('reads naturally when filled with its examples (requirements §9 stripping included)', () => {
    for (const p of prompts) {
      const filled = fillTemplate(
        p.template,
        p.variables.map((v) => v.example),
      );
      expect(filled, p.title).not.toMatch(/\[Variable/);
      expect(filled, p.title).not.toMatch(/\b(a|an) (a|an|the)\b/i);
      expect(filled, p.title).not.toMatch(/\ba (?!one|uni|use|eu|u)[aeio]\w/);
      expect(filled, p.title).not.toMatch(/\ban (?!hour|honest|heir)[bcdfgjklmnpqrstvwxyz]\w/);
      expect(filled, p.title).not.toMatch(/[^.]\.\.(?!\.)/);
      expect(filled, p.title).not.toMatch(/ {2}/);
    }
  });

  it('writes templates in each generator’s idiom', () => {
    for (const p of prompts) {
      if (p.generatorType === 1) {
        expect(p.template, p.title).toMatch(/--ar \d+:\d+/);
        expect(p.template, p.title).toMatch(/--(v [\d.]+|niji \d)/);
      } else if (p.generatorType === 2) {
        expect(p.template, p.title).toMatch(/^[A-Z]/);
        expect(p.template, p.title).toMatch(/\d{4}×\d{4}/);
        expect(p.template, p.title).not.toMatch(/--ar/);
      } else if (p.generatorType === 3) {
        expect(p.template, p.title).toMatch(/^(You are|Act as|Write|Create|Plan)/);
        expect(p.template, p.title).not.toMatch(/--ar|Duration:/);
      } else {
        expect(p.template, p.title).toMatch(/Duration: (5|10) s\./);
        expect(p.template, p.title).toMatch(/Negative prompt:/);
      }
    }
  });

  it('has prices exactly for the right grades', () => {
    for (const p of prompts) {
      if (p.grade === 1) {
        expect(p.priceFruit).toBeGreaterThanOrEqual(5);
        expect(p.priceFruit).toBeLessThanOrEqual(120);
        expect(Number.isInteger(p.priceFruit)).toBe(true);
      } else expect(p.priceFruit).toBeNull();
      if (p.grade === 2) {
        expect(p.priceCents).toBeGreaterThanOrEqual(199);
        expect(p.priceCents).toBeLessThanOrEqual(1999);
        expect((p.priceCents ?? 0) % 10).toBe(9);
      } else expect(p.priceCents).toBeNull();
    }
  });

  it('contains no lorem ipsum or placeholder text', () => {
    const bad =
      /lorem|ipsum|dolor sit|consectetur|placeholder text|\btodo\b|\bfixme\b|\bxxx\b|\bundefined\b|\bnull\b|\bNaN\b|\[object/i;
    for (const p of prompts) expect(allText(p), p.title).not.toMatch(bad);
  });

  it('has descriptions of 2 to 4 sentences', () => {
    for (const p of prompts) {
      const sentences = p.description.split(/(?<=[.!?])\s+(?=[A-Z"“])/);
      expect(sentences.length, p.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.description).toBeLessThanOrEqual(4);
      expect(p.description).toMatch(/[.!?]$/);
    }
  });

  it('varies its texts (no description or template repeated)', () => {
    expect(new Set(prompts.map((p) => p.description)).size).toBe(prompts.length);
    expect(new Set(prompts.map((p) => p.template)).size).toBe(prompts.length);
    const firstWords = new Set(prompts.map((p) => p.title.split(' ').slice(0, 2).join(' ')));
    expect(firstWords.size).toBeGreaterThan(prompts.length / 3);
  });

  it('has 3 to 6 lowercase tags from a shared vocabulary, each used by several prompts', () => {
    const uses = new Map<string, number>();
    for (const p of prompts) {
      expect(p.tags.length, p.title).toBeGreaterThanOrEqual(3);
      expect(p.tags.length, p.title).toBeLessThanOrEqual(6);
      expect(new Set(p.tags).size).toBe(p.tags.length);
      for (const t of p.tags) {
        expect(t).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        uses.set(t, (uses.get(t) ?? 0) + 1);
      }
    }
    for (const [tag, n] of uses) expect(n, tag).toBeGreaterThanOrEqual(3);
    for (const tag of [
      'portrait',
      'landscape',
      'fantasy',
      'product',
      'logo',
      'anime',
      'cinematic',
      'watercolor',
    ]) {
      expect(uses.get(tag) ?? 0, tag).toBeGreaterThanOrEqual(5);
    }
    for (const tag of ['architecture', 'food', 'fashion', 'marketing', 'seo', 'email', 'video']) {
      expect(uses.get(tag) ?? 0, tag).toBeGreaterThanOrEqual(4);
    }
  });

  it('makes common search words find many prompts', () => {
    const find = (word: string): number =>
      prompts.filter((p) => `${p.title} ${p.tags.join(' ')}`.toLowerCase().includes(word)).length;
    expect(find('portrait')).toBeGreaterThanOrEqual(20);
    expect(find('landscape')).toBeGreaterThanOrEqual(10);
    expect(find('logo')).toBeGreaterThanOrEqual(8);
    expect(prompts.filter((p) => p.title.toLowerCase().includes('portrait')).length).toBeGreaterThanOrEqual(
      12,
    );
  });

  it('has artwork specs: every scene used, 3 to 5 hex colours darkest first, integer seeds', () => {
    const scenes = new Set(prompts.map((p) => p.art.scene));
    expect([...scenes].sort()).toEqual([
      'abstract',
      'botanical',
      'city',
      'creature',
      'geometric',
      'interior',
      'landscape',
      'ocean',
      'portrait',
      'space',
    ]);
    for (const p of prompts) {
      expect(p.art.palette.length).toBeGreaterThanOrEqual(3);
      expect(p.art.palette.length).toBeLessThanOrEqual(5);
      for (const c of p.art.palette) expect(c).toMatch(/^#[0-9a-f]{6}$/i);
      const lum = p.art.palette.map(luminance);
      expect(lum).toEqual([...lum].sort((a, b) => a - b));
      expect(Number.isInteger(p.art.seed)).toBe(true);
      expect(p.art.seed).toBeGreaterThan(0);
    }
    expect(new Set(prompts.map((p) => p.art.seed)).size).toBeGreaterThan(prompts.length * 0.95);
  });

  it('matches scenes to subjects', () => {
    const sceneOf = (pred: (p: SeedPrompt) => boolean): Set<string> =>
      new Set(prompts.filter(pred).map((p) => p.art.scene));
    expect(sceneOf((p) => p.tags.includes('isometric'))).toEqual(new Set(['interior']));
    expect(sceneOf((p) => p.tags.includes('drone'))).toEqual(new Set(['landscape']));
    expect(sceneOf((p) => p.tags.includes('logo'))).not.toContain('landscape');
    expect([...sceneOf((p) => p.generatorType !== 3 && p.tags.includes('portrait'))]).toContain('portrait');
  });

  it('has plausible statistics and dates', () => {
    for (const p of prompts) {
      expect(p.imageCount).toBeGreaterThanOrEqual(2);
      expect(p.imageCount).toBeLessThanOrEqual(4);
      expect(Number.isInteger(p.views) && p.views > 0).toBe(true);
      expect(Number.isInteger(p.sales) && p.sales >= 0 && p.sales <= p.views).toBe(true);
      expect(inDemoYear(p.createdAt), p.createdAt).toBe(true);
      expect(new Date(p.createdAt).toISOString()).toBe(p.createdAt);
    }
    const views = prompts.map((p) => p.views).sort((a, b) => a - b);
    expect(
      (views[views.length - 1] as number) / (views[Math.floor(views.length / 2)] as number),
    ).toBeGreaterThan(5);
    const months = new Set(prompts.map((p) => p.createdAt.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
  });
});

describe('accounts', () => {
  const demoOrders = data.orders.filter((o) => o.userEmail === DEMO_EMAIL);
  const aliceOrders = data.orders.filter((o) => o.userEmail === ALICE_EMAIL);

  it('has exactly the two demo users with fixed UUIDs', () => {
    expect(data.users.map((u) => [u.email, u.password, u.name])).toEqual([
      [DEMO_EMAIL, 'Demo@12345', 'Demo Shopper'],
      [ALICE_EMAIL, 'Alice@12345', 'Alice Moreau'],
    ]);
    for (const u of data.users) {
      expect(u.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(inDemoYear(u.createdAt)).toBe(true);
    }
    expect(data.users[0]?.id).not.toBe(data.users[1]?.id);
  });

  it('gives each user 3 to 6 orders of FruitCoin and premium prompts, never the same prompt twice', () => {
    for (const orders of [demoOrders, aliceOrders]) {
      expect(orders.length).toBeGreaterThanOrEqual(3);
      expect(orders.length).toBeLessThanOrEqual(6);
      const ids = orders.flatMap((o) => o.promptIds);
      expect(new Set(ids).size).toBe(ids.length);
      for (const o of orders) {
        expect(inDemoYear(o.createdAt)).toBe(true);
        expect(o.promptIds.length).toBeGreaterThan(0);
        for (const id of o.promptIds) {
          const p = byId.get(id);
          expect(p, `prompt ${id}`).toBeDefined();
          expect([1, 2]).toContain(p?.grade);
          expect((p as SeedPrompt).createdAt < o.createdAt).toBe(true);
        }
      }
      const statuses = orders.map((o) => o.status);
      expect(statuses.filter((s) => s === 'pending')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'paid').length).toBeGreaterThanOrEqual(3);
      const gradesOf = (o: (typeof orders)[number]): Set<number> =>
        new Set(o.promptIds.map((id) => byId.get(id)?.grade ?? -1));
      const paid = orders.filter((o) => o.status === 'paid');
      expect(paid.some((o) => [...gradesOf(o)].join() === '1')).toBe(true);
      expect(paid.some((o) => [...gradesOf(o)].join() === '2')).toBe(true);
      expect(paid.some((o) => gradesOf(o).size === 2)).toBe(true);
    }
  });

  it('keeps FruitCoin balances positive at every step once paid FruitCoin orders are subtracted', () => {
    const finals = new Map<string, number>();
    for (const u of data.users) {
      const entries = [
        ...data.fruitBonuses
          .filter((b) => b.userEmail === u.email)
          .map((b) => ({ at: b.createdAt, amount: b.amount })),
        ...data.orders
          .filter((o) => o.userEmail === u.email && o.status === 'paid')
          .map((o) => ({
            at: o.createdAt,
            amount: -o.promptIds.reduce((n, id) => n + (byId.get(id)?.priceFruit ?? 0), 0),
          })),
      ].sort((a, b) => a.at.localeCompare(b.at) || b.amount - a.amount);
      let balance = 0;
      for (const e of entries) {
        balance += e.amount;
        expect(balance, `${u.email} at ${e.at}`).toBeGreaterThanOrEqual(0);
      }
      finals.set(u.email, balance);
      // even if pending and cancelled orders were charged, the balance would stay positive
      const unpaidFruit = data.orders
        .filter((o) => o.userEmail === u.email && o.status !== 'paid')
        .reduce((n, o) => n + o.promptIds.reduce((m, id) => m + (byId.get(id)?.priceFruit ?? 0), 0), 0);
      expect(balance - unpaidFruit).toBeGreaterThan(0);
    }
    expect(finals.get(DEMO_EMAIL)).toBeGreaterThanOrEqual(350);
    expect(finals.get(DEMO_EMAIL)).toBeLessThanOrEqual(600);
    expect(finals.get(ALICE_EMAIL)).toBeGreaterThan(0);
    for (const b of data.fruitBonuses) {
      expect(Number.isInteger(b.amount) && b.amount !== 0).toBe(true);
      expect(inDemoYear(b.createdAt)).toBe(true);
      expect(b.reason.length).toBeGreaterThan(5);
    }
    expect(data.fruitBonuses.some((b) => b.userEmail === DEMO_EMAIL && /welcome/i.test(b.reason))).toBe(true);
    expect(data.fruitBonuses.filter((b) => b.userEmail === DEMO_EMAIL).length).toBeGreaterThanOrEqual(3);
  });

  it('has coupons whose status agrees with their dates and orders', () => {
    expect(new Set(data.coupons.map((c) => c.code)).size).toBe(data.coupons.length);
    for (const c of data.coupons) {
      const from = Date.parse(c.validFrom);
      const until = Date.parse(c.validUntil);
      expect(from).toBeLessThan(until);
      expect(c.code).toMatch(/^[A-Z0-9-]{5,20}$/);
      expect(c.title.length).toBeGreaterThan(5);
      if (c.kind === 'percent') expect(c.value > 0 && c.value <= 50).toBe(true);
      else expect(c.value > 0 && c.value <= 2000).toBe(true);
      if (c.status === 'valid') {
        expect(from).toBeLessThanOrEqual(REF);
        expect(until).toBeGreaterThan(REF);
        expect(c.validUntil.startsWith('2027')).toBe(true);
      } else if (c.status === 'expired') {
        expect(until).toBeLessThan(REF);
        expect(data.orders.some((o) => o.couponCode === c.code)).toBe(false);
      } else {
        const uses = data.orders.filter((o) => o.couponCode === c.code);
        expect(uses).toHaveLength(1);
        const o = uses[0] as (typeof uses)[number];
        expect(o.userEmail).toBe(c.ownerEmail);
        expect(o.status).toBe('paid');
        const at = Date.parse(o.createdAt);
        expect(at >= from && at <= until).toBe(true);
        const subtotal = o.promptIds.reduce((n, id) => n + (byId.get(id)?.priceCents ?? 0), 0);
        expect(subtotal).toBeGreaterThanOrEqual(c.minSpendCents);
      }
    }
    for (const status of ['valid', 'used', 'expired'] as const) {
      expect(
        data.coupons.some((c) => c.ownerEmail === DEMO_EMAIL && c.status === status),
        status,
      ).toBe(true);
    }
    expect(data.coupons.some((c) => c.ownerEmail === ALICE_EMAIL)).toBe(true);
  });

  it('has 6 to 12 real messages per user, some read and some unread', () => {
    for (const u of data.users) {
      const mine = data.messages.filter((m) => m.userEmail === u.email);
      expect(mine.length).toBeGreaterThanOrEqual(6);
      expect(mine.length).toBeLessThanOrEqual(12);
      expect(mine.some((m) => m.read)).toBe(true);
      expect(mine.some((m) => !m.read)).toBe(true);
      for (const m of mine) {
        expect(inDemoYear(m.createdAt)).toBe(true);
        expect(m.title.length).toBeGreaterThan(5);
        expect(m.body.length).toBeGreaterThan(40);
        expect(m.body).not.toMatch(/lorem|ipsum|undefined|NaN/i);
      }
    }
    const kinds = new Set(data.messages.filter((m) => m.userEmail === DEMO_EMAIL).map((m) => m.kind));
    expect([...kinds].sort()).toEqual(['coupon', 'notice', 'order', 'support', 'welcome']);
  });

  it('has 3 to 5 exchange offers', () => {
    expect(data.exchangeOffers.length).toBeGreaterThanOrEqual(3);
    expect(data.exchangeOffers.length).toBeLessThanOrEqual(5);
    expect(new Set(data.exchangeOffers.map((o) => o.id)).size).toBe(data.exchangeOffers.length);
    for (const o of data.exchangeOffers) {
      expect(o.fruitCost).toBeGreaterThan(0);
      expect(o.coupon.validDays).toBeGreaterThan(0);
      expect(['percent', 'amount']).toContain(o.coupon.kind);
      expect(o.coupon.value).toBeGreaterThan(0);
    }
  });

  it('has partner and referral short links to existing prompts', () => {
    expect(new Set(data.shortLinks.map((l) => l.id)).size).toBe(data.shortLinks.length);
    for (const l of data.shortLinks) {
      expect(l.id).toMatch(/^[A-Za-z0-9]{6,8}$/);
      expect(byId.has(l.promptId)).toBe(true);
      if (l.partner) {
        expect(l.partnerName).toBeTruthy();
        expect(l.ownerEmail).toBeNull();
      } else {
        expect(l.partnerName).toBeNull();
        expect(data.users.map((u) => u.email)).toContain(l.ownerEmail);
      }
    }
    expect(data.shortLinks.some((l) => l.partner)).toBe(true);
    expect(data.shortLinks.some((l) => !l.partner && l.ownerEmail === DEMO_EMAIL)).toBe(true);
  });
});

// The shape of the demo data (requirements §C3). Content generators in server/seed/content/ produce
// these records as plain data, deterministically; server/seed/index.ts writes them to the database.
import type { GeneratorType, Grade, PromptVariable } from '../../domain/catalog.ts';
import type { ArtSpec } from '../images/art-spec.ts';

export interface SeedPrompt {
  id: number; // 1..N, dense
  sortId: number; // public number; equals id
  slug: string; // kebab-case from the title, unique
  title: string;
  description: string; // 2-4 sentences, what the prompt makes and how to use it
  generatorType: GeneratorType;
  grade: Grade;
  priceFruit: number | null; // grade 1 only: 5..120 FruitCoins
  priceCents: number | null; // grade 2 only: 199..1999 US cents
  tags: string[]; // 3-6 lowercase tags
  template: string; // full prompt text with [Variable 1]..[Variable k] placeholders (k = variables.length)
  variables: PromptVariable[]; // index 0..k-1
  imageCount: number; // 1..4
  art: ArtSpec;
  views: number;
  sales: number;
  createdAt: string; // ISO 8601, deterministic, within the year before 2026-11-01
}

export interface SeedUser {
  id: string; // fixed UUID
  email: string;
  password: string; // plain text, hashed by the seeder
  name: string;
  createdAt: string;
  /** The FruitCoin balance is not stored here: the seeder sets it to the sum of the user's ledger. */
}

export interface SeedCoupon {
  code: string;
  title: string;
  /** percent off or fixed cents off the money part of an order */
  kind: 'percent' | 'amount';
  value: number;
  minSpendCents: number;
  validFrom: string;
  validUntil: string;
}

export interface SeedExchangeOffer {
  id: number;
  title: string;
  fruitCost: number;
  coupon: Omit<SeedCoupon, 'code' | 'validFrom' | 'validUntil'> & { validDays: number };
}

export interface SeedMessage {
  userEmail: string;
  kind: 'welcome' | 'order' | 'coupon' | 'support' | 'notice';
  title: string;
  body: string;
  createdAt: string;
  read: boolean;
}

/** A Customer Support request of a member; an answered one has its reply (also one of the member's messages). */
export interface SeedSupportRequest {
  userEmail: string;
  subject: string;
  message: string;
  createdAt: string;
  /** The staff's answer; null while open. The member's support message titled `Re: {subject}` is linked to it. */
  reply: { body: string; repliedAt: string } | null;
}

export interface SeedOrder {
  userEmail: string;
  /** prompt ids bought in this order */
  promptIds: number[];
  status: 'paid' | 'pending' | 'cancelled';
  createdAt: string;
  couponCode: string | null;
}

export interface SeedShortLink {
  id: string; // the short url id
  promptId: number;
  partner: boolean; // true: served under /ps/{id}
  ownerEmail: string | null;
  partnerName: string | null;
}

export interface SeedData {
  users: SeedUser[];
  prompts: SeedPrompt[];
  coupons: (SeedCoupon & { ownerEmail: string; status: 'valid' | 'used' | 'expired' })[];
  exchangeOffers: SeedExchangeOffer[];
  orders: SeedOrder[];
  messages: SeedMessage[];
  /** Customer Support requests of members (optional: the fixtures of the seeder's tests have none). */
  supportRequests?: SeedSupportRequest[];
  shortLinks: SeedShortLink[];
  /** FruitCoin ledger entries other than order debits (bonuses, exchanges); the seeder derives debits from fruit orders */
  fruitBonuses: { userEmail: string; amount: number; reason: string; createdAt: string }[];
}

// The FruitCoin packs on sale (issue 15), kept on the server: a purchase names a pack's id only
// (topups.ts), and the coin price rule of the exchange prices offers against them (domain/coin-price.ts).
import type { FruitPack } from '../../domain/commerce.ts';

/** The packs on sale, cheapest first. Prices are US cents; `coins` includes `bonusCoins`. */
export const FRUIT_PACKS: readonly FruitPack[] = [
  { id: 'handful', title: 'Handful', coins: 100, bonusCoins: 0, priceCents: 99 },
  { id: 'basket', title: 'Basket', coins: 550, bonusCoins: 50, priceCents: 499 },
  { id: 'crate', title: 'Crate', coins: 1200, bonusCoins: 200, priceCents: 999 },
  { id: 'orchard', title: 'Orchard', coins: 2600, bonusCoins: 600, priceCents: 1999 },
];

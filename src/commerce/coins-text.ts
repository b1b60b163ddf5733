import { formatCoins } from '../auth/use-session.ts';

/** "1 FruitCoin" / "20 FruitCoins". A module of its own so a page can say a price in coins without the
 * order views (and their stylesheet) coming with it. */
export const coinsText = (n: number): string => `${formatCoins(n)} ${n === 1 ? 'FruitCoin' : 'FruitCoins'}`;

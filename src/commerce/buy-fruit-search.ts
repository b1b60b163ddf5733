import type { SearchSchemaInput } from '@tanstack/react-router';

export interface BuyFruitSearch {
  /** The payment session the payment page returned with (`/buy-fruitcoins?payment=cs_…`). */
  payment?: string;
}

/** `/buy-fruitcoins?payment=`: a session id's characters only, else the address without it. */
export function validateBuyFruitSearch(raw: { payment?: unknown } & SearchSchemaInput): BuyFruitSearch {
  const payment = raw.payment;
  return {
    payment: typeof payment === 'string' && /^[A-Za-z0-9_]{1,128}$/.test(payment) ? payment : undefined,
  };
}

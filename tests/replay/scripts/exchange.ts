// Exchange Fruit Coins (/exchange-coupons): opening it, choosing an offer, the dialog's "Spend …",
// "Try again", "Cancel" / "Choose another offer". The page's actor wraps the exchange's answer:
// "not enough" is a 409 from the effect, and the balance is asked for again (the held offers call
// answers it).
import { exchangeDriver } from '../../drivers/exchange.ts';
import { translateAnswers } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const exchangeScript: BrowserScript = {
  machineId: 'exchange',
  effects: { fetchOffers: 'fetchExchangeOffers', exchange: 'exchange' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'exchange.load → loading · fetchOffers answers {"data":[{"id":1,"title":"20% off","fruitCost":... → browsing balance 300 (1 told) · exchange.choose {"offerId":1} → confirming balance 300 offer 1 (1 told)',
  async act(event, step) {
    await translateAnswers(step.page, 'exchange', (outcome) => {
      if (!('output' in outcome)) return outcome;
      const answer = outcome.output as
        | { ok: true; coupon: unknown; balance: number }
        | { ok: false; message: string; balance: number | null };
      if (answer.ok) return { output: { coupon: answer.coupon, balance: answer.balance } };
      return {
        error: { message: answer.message, status: 409 },
        then: {
          effect: 'fetchExchangeOffers',
          outcome:
            answer.balance === null
              ? { error: { message: "Can't reach FruitPrompt right now.", status: 0 } }
              : { output: { data: [], balance: answer.balance } },
        },
      };
    });
    return take(exchangeDriver, event, step);
  },
};

// Exchange Fruit Coins (/exchange-coupons): opening it, choosing an offer by its title, the dialog's
// "Spend …", "Try again", and "Cancel" ("Choose another offer" once the balance was too low).
import type { ExchangeState } from '../models/spec/exchange.ts';
import { button, click, dialog, main, open, type PageDriver } from '../support/page-driver.ts';

export const exchangeDriver: PageDriver<ExchangeState> = {
  'exchange.load': () => [open('/exchange-coupons')],
  'exchange.retryLoad': () => [click(button('Try again', main))],
  'exchange.choose': (event, before) => {
    const offer = before.offers.find((o) => o.id === event.offerId)!;
    return [click(button(`Exchange for ${offer.title}`, main))];
  },
  'exchange.confirm': () => [click(button(/^Spend /, dialog()))],
  'exchange.retry': () => [click(button('Try again', dialog()))],
  'exchange.close': (_, before) => [
    click(button(before.phase === 'notEnough' ? 'Choose another offer' : 'Cancel', dialog())),
  ],
};

// The checkout dialog once a checkout started: "Place order" / "Spend N FruitCoins", "Try again",
// "Cancel" / "Close" / "Done". Starting one (`checkout.start`) is each harness's own: the model's
// order is made of the jsdom fakes' cart and prompt, and no person can put it together from the demo
// data in the browser (the replay hands it to the actor there).
import type { CheckoutState } from '../models/spec/checkout.ts';
import { button, click, dialog, see, type PageDriver } from '../support/page-driver.ts';

export const checkoutDriver: PageDriver<CheckoutState> = {
  'checkout.confirm': (_, before) => [
    see(dialog()),
    click(button(before.order === 'buyNow' ? /^Spend \d+ FruitCoins$/ : 'Place order', dialog())),
  ],
  'checkout.retry': () => [click(button('Try again', dialog()))],
  'checkout.cancel': () => [click(button(/^(Cancel|Close|Done)$/, dialog()))],
};

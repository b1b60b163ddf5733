// Buy FruitCoins (/buy-fruitcoins): the packs and the balance, a pack bought on the payment page (one
// top-up per attempt: a retry carries the same requestId), and the result the payment comes back to.
import type { AnyMachineSnapshot } from 'xstate';
import {
  buyFruitCoinsMachine,
  type BuyFruitCoinsContext,
  type BuyFruitCoinsEvent,
} from '../../machines/commerce/buy-fruitcoins.ts';
import type { FruitPack, FruitTopUp, TopUpResult, TopUpStatus } from '../../domain/commerce.ts';
import { ApiError } from '../../src/platform/api.ts';
import type { MachineModel } from './types.ts';

export const PACKS: FruitPack[] = [
  { id: 'handful', title: 'Handful', coins: 100, bonusCoins: 0, priceCents: 99 },
  { id: 'basket', title: 'Basket', coins: 550, bonusCoins: 50, priceCents: 499 },
  { id: 'crate', title: 'Crate', coins: 1200, bonusCoins: 200, priceCents: 999 },
];

export const topupFixture = (status: TopUpStatus, overrides: Partial<FruitTopUp> = {}): FruitTopUp => ({
  id: 12,
  packId: 'basket',
  title: 'Basket',
  coins: 550,
  amountCents: 499,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: status === 'paid' ? '2026-11-20T10:01:00.000Z' : null,
  sessionId: 'cs_test_topup_12',
  paymentUrl: status === 'pending' ? '/dev-pay/cs_test_topup_12' : null,
  ...overrides,
});

/** The answer of buying or confirming: the top-up and the balance then. */
export const topupResult = (status: TopUpStatus, balance = status === 'paid' ? 670 : 120): TopUpResult => ({
  topup: topupFixture(status),
  balance,
});

export const ACTORS = ['fetchPacks', 'buyPack', 'confirmTopUp'];

const answers = (id: string, outputs: unknown[]) =>
  outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));

const SAMPLES = {
  'topup.open': [
    { type: 'topup.open', payment: null },
    { type: 'topup.open', payment: 'cs_test_topup_12' },
  ] satisfies BuyFruitCoinsEvent[],
  'topup.buy': [
    { type: 'topup.buy', packId: 'basket', requestId: 'req-topup-1' },
  ] satisfies BuyFruitCoinsEvent[],
  'xstate.done.actor.fetchPacks': answers('fetchPacks', [{ data: PACKS, balance: 120 }]),
  'xstate.error.actor.fetchPacks': [
    { type: 'xstate.error.actor.fetchPacks', error: new ApiError("Can't reach FruitPrompt right now.", 0) },
  ],
  'xstate.done.actor.buyPack': answers('buyPack', [
    topupResult('pending'),
    topupResult('paid'),
    topupResult('cancelled'),
  ]),
  'xstate.error.actor.buyPack': [
    { type: 'xstate.error.actor.buyPack', error: new ApiError("Can't reach FruitPrompt right now.", 0) },
    {
      type: 'xstate.error.actor.buyPack',
      error: new ApiError('FruitCoin pack not found. Choose one of the packs on Buy FruitCoins.', 404),
    },
  ],
  'xstate.done.actor.confirmTopUp': answers('confirmTopUp', [
    topupResult('paid'),
    topupResult('cancelled'),
    topupResult('pending'),
  ]),
  'xstate.error.actor.confirmTopUp': [
    { type: 'xstate.error.actor.confirmTopUp', error: new ApiError('Payment not found', 404) },
  ],
};

export const serializeBuyFruitCoins = (s: AnyMachineSnapshot): string => {
  const c = s.context as BuyFruitCoinsContext;
  return [
    JSON.stringify(s.value),
    c.packs.length,
    c.balance ?? '',
    c.payment ?? '',
    c.requestId ?? '',
    c.topup?.status ?? '',
    c.error ? 'E' : '',
    c.buyError ? 'BE' : '',
  ].join('|');
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  buyFruitCoins: 'The "Buy FruitCoins" page: the balance and the packs',
  'buyFruitCoins.idle': '"Buy FruitCoins" not opened yet: placeholder rows',
  'buyFruitCoins.loading': '"Loading the FruitCoin packs…" placeholder rows',
  'buyFruitCoins.loadFailed': '"We couldn\'t load the FruitCoin packs" with the reason and "Try again"',
  'buyFruitCoins.ready': 'The balance, "Fruit History" and the packs, each with "Buy for $N"',
  'buyFruitCoins.ready.choosing': 'The packs (coins, bonus, price), each with its "Buy for $N" button',
  'buyFruitCoins.ready.buying': 'The pack\'s button is busy: "Opening the payment page…"',
  'buyFruitCoins.ready.buyFailed': 'Above the packs, why the payment page did not open',
  'buyFruitCoins.ready.buyFailed.retryable':
    '"The payment page did not open": the reason, "Try again" / "Close"',
  'buyFruitCoins.ready.buyFailed.refused':
    '"The payment page did not open": the server\'s reason and "Close"',
  'buyFruitCoins.ready.redirecting':
    '"Taking you to the payment page…" with "Continue to the payment page" and "Choose another pack"',
  'buyFruitCoins.ready.confirming': 'Above the packs: spinner "Checking your payment…"',
  'buyFruitCoins.ready.confirmFailed': '"We couldn\'t check this payment" with the reason and "Try again"',
  'buyFruitCoins.ready.added':
    '"550 FruitCoins added" with the new balance, "See Fruit History" and "Go to your cart"',
  'buyFruitCoins.ready.cancelled': '"Payment cancelled": nothing was charged, "Try again" buys the same pack',
  'buyFruitCoins.ready.unpaid': '"Payment not finished": "Continue to the payment page" and "Check again"',
};

export const buyFruitCoinsModel: MachineModel = {
  sees: SEES,
  machine: buyFruitCoinsMachine,
  actors: ACTORS,
  samples: SAMPLES,
  serialize: serializeBuyFruitCoins,
  observe: (c: BuyFruitCoinsContext) => ({
    packs: c.packs.length,
    balance: c.balance,
    payment: c.payment,
    requestId: c.requestId,
    topup: c.topup?.status ?? null,
    error: c.error,
    buyError: c.buyError,
  }),
  maxSteps: 6,
};

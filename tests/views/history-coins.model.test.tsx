// The history pages against their independent models (issue 17): the paths of tests/models/spec/fruit-history.ts,
// coupons.ts and exchange.ts,
// written from docs/requirements.md, replayed on the whole app in jsdom with a member signed in. What the
// history pages' replays share is in tests/views/support/history-pages.ts; the top of
// tests/views/history-orders.model.test.tsx says what each step becomes and what is left to the machine
// replays.
import { act, screen, within } from '@testing-library/react';
import type {
  Coupon,
  CouponStatus,
  ExchangeOffer,
  ExchangeResult,
  LedgerPage,
} from '../../domain/commerce.ts';
import { ApiError } from '../../src/platform/api.ts';
import { couponsSpec, FAILED as COUPONS_FAILED, type CouponsState } from '../models/spec/coupons.ts';
import {
  exchangeSpec,
  FAILED as EXCHANGE_FAILED,
  LOAD_FAILED,
  type ExchangeState,
} from '../models/spec/exchange.ts';
import {
  fruitHistorySpec,
  FAILED as LEDGER_FAILED,
  type FruitHistoryState,
} from '../models/spec/fruit-history.ts';
import { specStepLabel } from '../support/spec-model.ts';
import { controllable } from './support/controllable.ts';
import { region, type Fake } from './support/replay.ts';
import type { PageReplay } from './support/spec-page.ts';
import { couponsDriver } from '../drivers/coupons.ts';
import { exchangeDriver } from '../drivers/exchange.ts';
import { fruitHistoryDriver } from '../drivers/fruit-history.ts';
import {
  resetAfterEachPath,
  oneCallPage,
  MEMBER_BALANCE,
  startApp,
  type App,
  isAnswer,
  sent,
  arg,
  take,
  answer,
  callLog,
  words,
  nameOf,
  descriptionOf,
  buttons,
  headings,
  coins,
  headerBalance,
  headerShows,
  toasts,
  loadOf,
  loadShown,
  paginationOf,
  paginationShown,
  walkable,
  replayOnPage,
} from './support/history-pages.ts';

resetAfterEachPath();

// ---------------------------------------------------------------------------------------------
// fruitHistory: /fruit-transactions

const ledgerModel = fruitHistorySpec();

replayOnPage(
  ledgerModel,
  walkable(
    ledgerModel,
    (s) => s.error === LEDGER_FAILED || s.ledger?.data.length === 0,
    (step, before) => sent(step) !== 'fruit.retry' || before.phase === 'error',
  ),
  (): PageReplay<FruitHistoryState, App> =>
    oneCallPage(ledgerModel, 'fetchLedger', fruitHistoryDriver, {
      observe() {
        const section = region('FruitCoin history');
        const table = section && within(section).queryByRole('table');
        return {
          header: headerBalance(),
          section: section && {
            ...loadOf(section),
            balance: words(within(section).getByText(/^Balance:/)),
            headings: headings(section),
            table: table && {
              caption: words(table.querySelector('caption')),
              // amount and balance after, as written in each entry's row
              rows: within(table)
                .getAllByRole('row')
                .slice(1)
                .map((row) =>
                  within(row)
                    .getAllByRole('cell')
                    .slice(2)
                    .map((cell) => words(cell)),
                ),
            },
            pagination: paginationOf(section),
          },
        };
      },
      shown(expected, state) {
        const e = expected as {
          status: string;
          error: string | null;
          ledger: LedgerPage | null;
          sessionHeard: { fruitCnt: number }[];
        };
        // the session (and the header) has the balance the last page came with
        const balance = e.sessionHeard.at(-1)?.fruitCnt ?? MEMBER_BALANCE;
        const ledger = e.status === 'ready' ? e.ledger : null;
        const pages = ledger ? paginationShown(ledger) : null;
        return {
          header: headerShows(balance),
          section:
            state.phase === 'idle'
              ? null
              : {
                  ...loadShown(e, 'Loading your FruitCoin history…'),
                  balance: `Balance: ${coins(ledger?.balance ?? balance)}`,
                  headings:
                    e.status === 'error'
                      ? ["We couldn't load your FruitCoin history"]
                      : ledger && ledger.data.length === 0
                        ? ['No FruitCoin activity yet']
                        : [],
                  table:
                    ledger && ledger.data.length > 0
                      ? {
                          caption: `FruitCoin activity, newest first${pages ? ` (${pages.at.toLowerCase()})` : ''}`,
                          rows: ledger.data.map((entry) => [
                            entry.amount > 0
                              ? `+${entry.amount.toLocaleString('en-US')}`
                              : `−${(-entry.amount).toLocaleString('en-US')}`,
                            entry.balanceAfter.toLocaleString('en-US'),
                          ]),
                        }
                      : null,
                  pagination: ledger && ledger.data.length > 0 ? pages : null,
                },
        };
      },
      stop: (app) => app.system.stop(),
    }),
);

// ---------------------------------------------------------------------------------------------
// coupons: /coupons

const TAB_TEXT: Record<CouponStatus, string> = { valid: 'Valid', used: 'Used', expired: 'Expired' };
const EMPTY_COUPONS: Record<CouponStatus, string> = {
  valid: 'No coupons yet',
  used: 'No used coupons',
  expired: 'No expired coupons',
};

const couponsModel = couponsSpec();

replayOnPage(
  couponsModel,
  walkable(
    couponsModel,
    (s) => s.error === COUPONS_FAILED || (s.phase === 'ready' && s.coupons.length === 0),
    (step, before) => sent(step) !== 'coupons.retry' || before.phase === 'error',
  ),
  (): PageReplay<CouponsState, App> =>
    oneCallPage(couponsModel, 'fetchCoupons', couponsDriver, {
      observe() {
        const section = region('Coupons');
        if (!section) return { section: null };
        const inside = within(section);
        const tabs = within(inside.getByRole('navigation', { name: 'Coupon status' }));
        return {
          section: {
            ...loadOf(section),
            tab: words(tabs.queryByRole('link', { current: 'page' })),
            headings: headings(section),
            coupons: inside.queryAllByRole('article').map((article) => ({
              title: nameOf(article),
              code: words(within(article).getByText('Code')),
              links: within(article)
                .queryAllByRole('link')
                .map((a) => words(a)),
            })),
          },
        };
      },
      shown(expected, state) {
        if (state.phase === 'idle') return { section: null };
        const e = expected as { status: string; error: string | null; coupons: Coupon[] };
        const tab = state.tab ?? 'valid';
        const coupons = e.status === 'ready' ? e.coupons : [];
        return {
          section: {
            ...loadShown(e, 'Loading your coupons…'),
            tab: TAB_TEXT[tab],
            headings:
              e.status === 'error'
                ? ["We couldn't load your coupons"]
                : e.status !== 'ready'
                  ? []
                  : coupons.length === 0
                    ? [EMPTY_COUPONS[tab]]
                    : coupons.map((c) => c.title),
            coupons: coupons.map((c) => ({
              title: c.title,
              code: `Code ${c.code}`,
              // a used coupon names the order it went to
              links: c.status === 'used' && c.usedAt && c.orderId !== null ? [`Order #${c.orderId}`] : [],
            })),
          },
        };
      },
      stop: (app) => app.system.stop(),
    }),
);

// ---------------------------------------------------------------------------------------------
// exchange: /exchange-coupons

/** "Spend 300 FruitCoins for a 20% off coupon?" */
const question = (offer: ExchangeOffer) =>
  `Spend ${coins(offer.fruitCost)} for a ${
    offer.couponKind === 'percent' ? `${offer.couponValue}%` : `$${(offer.couponValue / 100).toFixed(2)}`
  } off coupon?`;

const exchangeModel = exchangeSpec();

replayOnPage(
  exchangeModel,
  walkable(
    exchangeModel,
    (s) => s.error === LOAD_FAILED || s.exchangeError === EXCHANGE_FAILED,
    (step, before) => {
      // What a person can press, and where: the first visit's offers, one attempt (and after a coupon
      // came, a second), and the page opened again at a few moments only (while the offers or an attempt
      // are out, over a dialog, over a new coupon); what follows a reopening is left to the calls.
      const { phase, told, drawn } = before;
      const firstVisit = drawn === 0 && told.length === 1;
      switch (sent(step)) {
        case null:
          return true;
        case 'exchange.load':
          return (
            phase === 'idle' ||
            (phase === 'loading' && told.length === 0) ||
            (phase === 'confirming' && firstVisit) ||
            ((phase === 'exchanging' || phase === 'exchanged') && drawn === 1)
          );
        case 'exchange.retryLoad':
          return phase === 'loadFailed' && told.length === 0;
        // an offer's button, there (enabled or not) beside the offers with no dialog over them
        case 'exchange.choose': {
          const id = arg<number>(step, 'offerId');
          if (!before.offers.some((o) => o.id === id)) return false;
          return (
            (phase === 'browsing' && (firstVisit || (drawn === 1 && before.notEnough !== null))) ||
            (phase === 'exchanged' && drawn === 1)
          );
        }
        case 'exchange.confirm':
          return phase === 'confirming' && (drawn === 0 || before.received !== null);
        case 'exchange.retry':
          return phase === 'failed' && drawn === 1;
        case 'exchange.close':
          return (
            (phase === 'confirming' && (drawn === 0 || before.received !== null)) ||
            (phase === 'failed' && drawn === 1) ||
            phase === 'notEnough'
          );
        default:
          return false;
      }
    },
  ),
  (): PageReplay<ExchangeState, App> => {
    const offers: Fake<[], { data: ExchangeOffer[]; balance: number }> = controllable();
    const exchange: Fake<[{ offerId: number; requestId: string }], ExchangeResult> = controllable();
    // each attempt's id, as the Nth drawn (the page draws them from `crypto`)
    const drawn: string[] = [];
    const log = callLog([
      { actor: 'fetchOffers', fn: offers.fn },
      {
        actor: 'exchange',
        fn: exchange.fn,
        input: ([input]) => {
          const { offerId, requestId } = input as { offerId: number; requestId: string };
          if (!drawn.includes(requestId)) drawn.push(requestId);
          return { offerId, requestId: `req-${drawn.indexOf(requestId) + 1}` };
        },
      },
    ]);
    return {
      start: () => startApp({ fetchExchangeOffers: offers.fn, exchange: exchange.fn }),
      async perform(app, step, before, after) {
        log.take();
        if (isAnswer(step)) {
          const effect = 'settle' in step ? step.settle : step.fail;
          if (effect === 'fetchOffers') await answer(offers, step);
          else {
            const output = ('settle' in step ? step.output : null) as {
              ok: boolean;
              coupon?: Coupon;
              balance: number | null;
              message?: string;
            } | null;
            // a refusal is a 409, with the balance now when the server gives it
            await answer(
              exchange,
              step,
              (o) => {
                const ok = o as { coupon: Coupon; balance: number };
                return { coupon: ok.coupon, balance: ok.balance };
              },
              output && !output.ok
                ? () =>
                    new ApiError(
                      output.message ?? '',
                      409,
                      output.balance === null ? {} : { balance: output.balance },
                    )
                : undefined,
            );
            if (output && !output.ok && output.balance === null) {
              // without it the page asks for the balance again, and that fails too: the newest call
              const call = offers.pending.pop();
              if (!call)
                throw new Error(`After ${specStepLabel(step)}: the page did not ask for the balance`);
              await act(async () => {
                call.reject(new ApiError("Can't reach FruitPrompt right now.", 0));
                await new Promise((resolve) => setTimeout(resolve, 0));
              });
              // the page's own call, not the machine's
              log.take();
            }
          }
        } else await take(app, exchangeDriver, step, before);
        log.check(exchangeModel, before, step, after);
      },
      observe() {
        const section = region('Exchange offers');
        const shownDialog = screen.queryByRole('dialog');
        const received = section && within(section).queryByRole('region', { name: 'Your new coupon' });
        return {
          header: headerBalance(),
          toasts: toasts(),
          section: section && {
            ...loadOf(section),
            balance: words(within(section).queryByText(/^Balance:/)),
            offers: within(section)
              .queryAllByRole('button', { name: /^Exchange for / })
              .map((b) => ({
                name: nameOf(b),
                disabled: (b as HTMLButtonElement).disabled,
                why: descriptionOf(b),
              })),
            received: received && within(received).queryAllByRole('article').map(nameOf),
          },
          dialog: shownDialog && {
            name: nameOf(shownDialog),
            alert: words(within(shownDialog).queryByRole('alert')),
            buttons: buttons(shownDialog),
          },
        };
      },
      shown(expected, state) {
        const e = expected as {
          status: string;
          error: string | null;
          offers: ExchangeOffer[];
          balance: number;
          dialogOpen: boolean;
          exchanging: boolean;
          offer: ExchangeOffer | null;
          showsNewCoupon: boolean;
          received: Coupon | null;
          exchangeFailed: boolean;
          exchangeError: string | null;
          showsNotEnough: boolean;
          notEnough: string | null;
          told: { session: { fruitCnt: number }[]; toast: { message: string }[] };
        };
        const ready = e.status === 'ready';
        const offer = e.offer;
        return {
          // the session (and the header) has the balance the server gave last
          header: headerShows(e.told.session.at(-1)?.fruitCnt ?? MEMBER_BALANCE),
          toasts: e.told.toast.map((t) => t.message),
          section:
            state.phase === 'idle'
              ? null
              : {
                  ...loadShown(e, 'Loading the exchange offers…'),
                  balance: ready ? `Balance: ${coins(e.balance)}` : null,
                  // an offer the balance does not cover cannot be chosen, and says what is missing
                  offers: (ready ? e.offers : []).map((o) => ({
                    name: `Exchange for ${o.title}`,
                    disabled: o.fruitCost > e.balance,
                    why: o.fruitCost > e.balance ? `You need ${coins(o.fruitCost - e.balance)} more.` : null,
                  })),
                  received: e.showsNewCoupon && e.received ? [e.received.title] : null,
                },
          dialog:
            !e.dialogOpen || !offer
              ? null
              : e.showsNotEnough
                ? {
                    name: 'Not enough FruitCoins',
                    alert: e.notEnough,
                    buttons: [{ name: 'Choose another offer', disabled: false }],
                  }
                : {
                    name: question(offer),
                    alert: e.exchangeFailed ? e.exchangeError : null,
                    buttons: [
                      {
                        name: e.exchanging
                          ? 'Exchanging…'
                          : e.exchangeFailed
                            ? 'Try again'
                            : `Spend ${coins(offer.fruitCost)}`,
                        disabled: e.exchanging,
                      },
                      { name: 'Cancel', disabled: e.exchanging },
                    ],
                  },
        };
      },
      stop: (app) => app.system.stop(),
    };
  },
);

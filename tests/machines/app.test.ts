// The app's actor system as src/ starts it (src/app/app-system.ts, on fake effects): which actors run
// for a visitor, with a sign-in, for a member and for a page, checked against the lists written here
// (machines/app/registry.ts scopes: `app` from the start, `signIn` with the first sign-in intent,
// `member` with a member or a press that needs them, a page's from its route's attach to its release),
// and what the actors that start do first. The root's own transitions are checked against its
// independent model in tests/machines/app.model.test.ts (issue 17).
// Mutation: app
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { memberLogic } from '../../src/app/member-logic.ts';
import { REGISTRY } from '../../machines/app/registry.ts';
import {
  ensure,
  prepareMember,
  release,
  startAppSystem,
  systemActor,
  whenAttached,
  type AppSystem,
} from '../../src/app/app-system.ts';
import { startTestSystem } from '../support/start-system.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import { fullFixture, pageFixture } from '../support/fixtures.ts';

/** For everyone, for the life of the page: toasts, header menus, page head, reachability, catalog, session. */
const FOR_EVERYONE = [
  'accountMenu',
  'categoryMenu',
  'connection',
  'homeSections',
  'promptList',
  'seo',
  'session',
  'toast',
];
/** The sign-in dialogs' machines, and the bot check their registration and guest sign-in take. */
const SIGN_IN = ['botCheck', 'loginDialog', 'registrationSuccess', 'verifyEmailNotice'];
/** The member's: the header's cart count, the cart, the saved prompts, the unread count. */
const MEMBER = ['cart', 'cartCount', 'favorites', 'inbox'];
/** The order history page's module: orders, an order, FruitCoin history, coupons, their exchange. */
const HISTORY = ['coupons', 'exchange', 'fruitHistory', 'orderDetail', 'orderList'];
/** The checkout's: the checkout and the payment result. */
const CHECKOUT = ['checkout', 'paymentResult'];

/** The systemIds that run, sorted. */
const running = (system: AppSystem): string[] =>
  Object.keys(REGISTRY)
    .filter((id) => system.system.get(id) !== undefined)
    .sort();
const sorted = (...lists: string[][]): string[] => lists.flat().sort();

describe('what runs for a visitor', () => {
  it('a first visit runs only the actors for everyone, the header menus with their close delays', async () => {
    const system = startAppSystem({ effects: fakeEffects(), clock: new SimulatedClock() });
    await waitFor(systemActor(system, 'session'), (s) => s.hasTag('loggedOut'));
    expect(running(system)).toEqual(FOR_EVERYONE);
    // requirements §2: the category menu closes 2 s after the pointer leaves, the account menu 500 ms
    expect(systemActor(system, 'categoryMenu').getSnapshot().context.closeDelay).toBe(2000);
    expect(systemActor(system, 'accountMenu').getSnapshot().context.closeDelay).toBe(500);
    expect(system.getSnapshot().context).toMatchObject({ openRequest: null, deliveries: [] });
    system.stop();
  });

  it("the machine tests' system runs every actor but the sign-in ones from the start", () => {
    const system = startTestSystem({ effects: fakeEffects(), clock: new SimulatedClock() });
    expect(running(system)).toEqual(
      Object.keys(REGISTRY)
        .filter((id) => !SIGN_IN.includes(id))
        .sort(),
    );
    system.stop();
  });
});

describe('the actor system', () => {
  it('runs the provided effects: a list and a detail load end ready', async () => {
    const system = startTestSystem({ effects: fakeEffects() });
    const list = systemActor(system, 'promptList');
    list.send({ type: 'list.load', query: { page: 2 } });
    const ready = await waitFor(list, (s) => s.hasTag('ready'));
    expect(ready.context.page?.page).toBe(2);

    const detail = systemActor(system, 'promptDetail');
    detail.send({ type: 'detail.load', id: '404' });
    expect((await waitFor(detail, (s) => !s.hasTag('loading'))).value).toBe('notFound');
    detail.send({ type: 'detail.load', id: '1' });
    expect((await waitFor(detail, (s) => s.hasTag('ready'))).context.prompt?.id).toBe(1);
    system.stop();
  });
});

describe('the sign-in machines, loaded with the first sign-in intent', () => {
  it('are not running at start; signIn.prepare loads them once, and they stay', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    await waitFor(systemActor(system, 'session'), (s) => s.hasTag('loggedOut'));
    system.send({ type: 'signIn.prepare' });
    expect(running(system)).toEqual(FOR_EVERYONE);
    const dialog = await whenAttached(system, 'loginDialog');
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, SIGN_IN));
    expect(dialog.getSnapshot().value).toBe('closed');
    // the dialog is handed the origin callback URL of the social authorize call (requirements §2)
    expect(dialog.getSnapshot().context).toMatchObject({ callbackUrl: 'http://localhost/auth/callback' });
    system.send({ type: 'signIn.prepare' });
    system.send({ type: 'loginDialog.open', mode: 'login', email: 'ann@example.com' });
    expect(systemActor(system, 'loginDialog')).toBe(dialog);
    expect(dialog.getSnapshot().value).toEqual({ open: 'login' });
    expect(dialog.getSnapshot().context.form.email).toBe('ann@example.com');
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, SIGN_IN));
    system.stop();
  });

  it('a press of "Log in" before they load opens the dialog when they arrive', async () => {
    const system = startTestSystem({ effects: fakeEffects() });
    system.send({ type: 'loginDialog.open' });
    expect(system.getSnapshot().matches({ signIn: 'loading' })).toBe(true);
    const dialog = await whenAttached(system, 'loginDialog');
    await waitFor(dialog, (s) => s.value !== 'closed');
    expect(dialog.getSnapshot().value).toEqual({ open: 'providers' });
    expect(system.getSnapshot().context.openRequest).toBeNull();
    system.stop();
  });
});

describe("the member's machines, loaded when a member or a press needs them", () => {
  it('a visitor’s first “Add to cart” loads the cart, which asks to log in: the dialog opens', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    await waitFor(systemActor(system, 'session'), (s) => s.hasTag('loggedOut'));
    expect(system.system.get('cart')).toBeUndefined();
    system.send({ type: 'member.deliver', systemId: 'cart', event: { type: 'cart.add', promptId: 7 } });
    expect(system.getSnapshot().context.deliveries).toHaveLength(1);
    const dialog = await whenAttached(system, 'loginDialog');
    expect((await waitFor(dialog, (s) => s.value !== 'closed')).value).toEqual({ open: 'login' });
    expect(systemActor(system, 'cart').getSnapshot().value).toBe('signedOut');
    expect(system.getSnapshot().context.deliveries).toEqual([]);
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, SIGN_IN, MEMBER));
    system.stop();
  });

  it('a member’s session loads them once, and each loads what the session would have told it', async () => {
    let carts = 0;
    let favorites = 0;
    let unread = 0;
    const system = startAppSystem({
      effects: fakeEffects({
        fetchCart: async () => {
          carts += 1;
          return emptyCart();
        },
        fetchFavorites: async () => {
          favorites += 1;
          return [3];
        },
        fetchUnreadCount: async () => {
          unread += 1;
          return 2;
        },
      }),
    });
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    session.send({ type: 'session.signedIn', token: 'token-a', now: Date.now() });
    expect(system.getSnapshot().matches({ member: 'loading' })).toBe(true);
    const saved = await whenAttached(system, 'favorites');
    await waitFor(saved, (s) => s.context.ids.includes(3));
    await waitFor(systemActor(system, 'inbox'), (s) => s.context.unread === 2);
    await waitFor(systemActor(system, 'cart'), (s) => s.hasTag('ready'));
    expect([carts, favorites, unread]).toEqual([1, 1, 1]);
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, MEMBER));
    // a second member.prepare (another member page) changes nothing
    system.send({ type: 'member.prepare' });
    expect(systemActor(system, 'favorites')).toBe(saved);
    // a logout leaves them running (they follow the session themselves)
    session.send({ type: 'session.logout', automatic: true });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, MEMBER));
    expect(systemActor(system, 'favorites')).toBe(saved);
    system.stop();
  });

  it('cannot load: a held press becomes a toast, and the next press tries again', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    let fail = true;
    const failing = system.getSnapshot().machine.provide({
      actors: {
        loadMember: fromPromise(async () => {
          if (fail) throw new TypeError('Failed to fetch dynamically imported module');
          return memberLogic(fakeEffects());
        }),
      },
    });
    system.stop();
    const actor = createActor(failing, { systemId: 'app', input: { callbackUrl: 'http://localhost/cb' } });
    actor.start();
    actor.send({ type: 'member.deliver', systemId: 'favorites', event: { type: 'favorites.load' } });
    await waitFor(actor, (s) => s.matches({ member: 'absent' }));
    expect(JSON.stringify(systemActor(actor as never, 'toast').getSnapshot().context)).toContain(
      'This could not load. Check your connection and try again.',
    );
    expect(actor.getSnapshot().context.deliveries).toEqual([]);
    fail = false;
    actor.send({ type: 'member.prepare' });
    await waitFor(actor, (s) => s.matches({ member: 'ready' }));
    expect(running(actor as never)).toEqual(sorted(FOR_EVERYONE, MEMBER));
    actor.stop();
  });
});

describe('page machines attached on demand (docs/decisions/006-lazy-page-machines.md)', () => {
  it('start without the page machines; a page module attaches once and keeps its context', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    // no page machine, and no member's machine: no member yet, and no page that needs them
    expect(running(system)).toEqual(FOR_EVERYONE);

    await ensure(system, 'orderList');
    const list = systemActor(system, 'orderList');
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, HISTORY));
    list.send({ type: 'orders.load', query: { page: 2 } } as never);

    await ensure(system, 'orderList', 'checkout');
    expect(systemActor(system, 'orderList')).toBe(list);
    expect(list.getSnapshot().context).toMatchObject({ query: { page: 2 } });
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, HISTORY, CHECKOUT));
    system.stop();
  });

  it('release stops the page modules no page on screen needs, and nothing else', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    await prepareMember(system);
    await ensure(system, 'orderList', 'checkout', 'support');
    const list = systemActor(system, 'orderList');

    // the order page is on screen: its module (orders, order, coins, coupons, exchange) stays
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, MEMBER, HISTORY, CHECKOUT, ['messages', 'support']));
    release(system, ['orderDetail']);
    expect(systemActor(system, 'orderList')).toBe(list);
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, MEMBER, HISTORY));

    release(system, []);
    expect(running(system)).toEqual(sorted(FOR_EVERYONE, MEMBER));
    // a page that opens again gets a fresh machine
    await ensure(system, 'orderList');
    expect(systemActor(system, 'orderList')).not.toBe(list);
    system.stop();
  });

  it('a restored connection retries the failed page that runs, and starts no other', async () => {
    let answers = 0;
    const system = startAppSystem({
      effects: fakeEffects({
        getPrompt: async () => {
          answers += 1;
          if (answers === 1) throw new TypeError('Failed to fetch');
          return { found: true, prompt: fullFixture(1) };
        },
      }),
    });
    await ensure(system, 'promptDetail');
    const detail = systemActor(system, 'promptDetail');
    detail.send({ type: 'detail.load', id: '1' });
    await waitFor(detail, (s) => s.hasTag('error'));
    const connection = systemActor(system, 'connection');
    connection.send({ type: 'connection.lost' } as never);
    connection.send({ type: 'connection.reached' } as never);
    await waitFor(detail, (s) => s.hasTag('ready'));
    expect(answers).toBe(2);
    expect(system.getSnapshot().status).toBe('active');
    // the order pages' machines (retried too when they run) are not started by it
    expect(system.system.get('orderList')).toBeUndefined();
    system.stop();
  });
});

describe('who the catalog is for', () => {
  it('a prompt page attached after the session spoke knows the viewer: a logout reloads it', async () => {
    const asked: string[] = [];
    const effects = fakeEffects({
      getPrompt: async (id) => {
        asked.push(id);
        return { found: true, prompt: fullFixture(1) };
      },
    });
    const system = startAppSystem({ effects });
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    session.send({ type: 'session.signedIn', token: 'token-a', now: Date.now() });
    await waitFor(session, (s) => s.hasTag('loggedIn'));
    await ensure(system, 'promptDetail');
    const detail = systemActor(system, 'promptDetail');
    expect(detail.getSnapshot().context.viewer).toBe('token-a');
    detail.send({ type: 'detail.load', id: '1' });
    await waitFor(detail, (s) => s.hasTag('ready'));
    session.send({ type: 'session.logout' });
    await waitFor(detail, (s) => s.context.viewer === null && s.hasTag('ready'));
    expect(asked).toEqual(['1', '1']);
    system.stop();
  });

  it('reloads the detail and the list when a member signs in and again when they sign out', async () => {
    const asked: string[] = [];
    const listed: number[] = [];
    const effects = fakeEffects({
      getPrompt: async (id) => {
        asked.push(id);
        return { found: true, prompt: fullFixture(1) };
      },
      listPrompts: async (q) => {
        listed.push(q.page ?? 1);
        return pageFixture(2);
      },
    });
    const system = startTestSystem({ effects });
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    const detail = systemActor(system, 'promptDetail');
    const list = systemActor(system, 'promptList');
    detail.send({ type: 'detail.load', id: '1' });
    list.send({ type: 'list.load', query: {} });
    await waitFor(detail, (s) => s.hasTag('ready'));
    await waitFor(list, (s) => s.hasTag('ready'));
    expect([asked.length, listed.length]).toEqual([1, 1]);

    session.send({ type: 'session.signedIn', token: 'token-a', now: Date.now() });
    await waitFor(detail, (s) => s.hasTag('ready') && asked.length === 2);
    await waitFor(list, (s) => s.hasTag('ready') && listed.length === 2);
    expect(detail.getSnapshot().context.viewer).toBe('token-a');

    session.send({ type: 'session.logout' });
    await waitFor(detail, (s) => s.context.viewer === null && s.hasTag('ready'));
    expect(asked.length).toBe(3);
    system.stop();
  });
});

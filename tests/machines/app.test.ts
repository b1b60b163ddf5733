import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { memberLogic } from '../../src/app/member-logic.ts';
import { appMachine } from '../../machines/app/app.ts';
import { idsIn, REGISTRY } from '../../machines/system/registry.ts';
import {
  ensure,
  prepareMember,
  release,
  startAppSystem,
  systemActor,
  whenAttached,
} from '../../src/app/app-system.ts';
import { startTestSystem } from '../support/start-system.ts';
import { controlledActors, CoverageRecorder, replayOnActor } from '../support/model.ts';
import { appModel } from '../models/app.ts';
import { pathsOf } from '../models/types.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import { fullFixture, pageFixture } from '../support/fixtures.ts';

const PAGE_MACHINE_IDS = idsIn('page');
const SIGN_IN_MACHINE_IDS = idsIn('signIn');
const MEMBER_MACHINE_IDS = idsIn('member');

const recorder = new CoverageRecorder(appMachine);
afterAll(() => recorder.save());

describe('app root model', () => {
  const { input, machine: logic } = appModel;
  for (const path of pathsOf(appModel)) {
    it(path.description, async () => {
      const controlled = controlledActors(appModel.actors);
      const actor = await replayOnActor(logic, path, { input, recorder, controlled });
      // a dialog asked for stays asked for until the sign-in code arrives (or cannot load); likewise a
      // delivery for the member's machines
      let asked = false;
      let delivered = false;
      for (const { event } of path.steps) {
        if (event.type === 'loginDialog.open') asked = true;
        if (event.type === 'xstate.error.actor.loadSignIn') asked = false;
        if (event.type === 'member.deliver') delivered = true;
        if (event.type === 'xstate.error.actor.loadMember') delivered = false;
      }
      const snapshot = actor.getSnapshot();
      if (snapshot.matches({ signIn: 'ready' })) {
        expect(systemActor(actor as never, 'loginDialog').getSnapshot().value).toEqual(
          asked ? { open: 'register' } : 'closed',
        );
      } else {
        expect(actor.system.get('loginDialog')).toBeUndefined();
      }
      for (const id of MEMBER_MACHINE_IDS)
        expect(actor.system.get(id) !== undefined, id).toBe(snapshot.matches({ member: 'ready' }));
      // held deliveries are delivered as the machines arrive, or dropped when they cannot load
      if (!snapshot.matches({ member: 'loading' })) expect(snapshot.context.deliveries).toEqual([]);
      else expect(snapshot.context.deliveries.length > 0).toBe(delivered);
      const last = path.steps.at(-1)!;
      const before = path.steps.at(-2)?.state.context;
      const toasts = JSON.stringify(systemActor(actor as never, 'toast').getSnapshot().context);
      if (last.event.type === 'xstate.error.actor.loadSignIn')
        expect(toasts.includes('Sign-in could not load')).toBe(before?.openRequest !== null);
      if (last.event.type === 'xstate.error.actor.loadMember')
        expect(toasts.includes('This could not load')).toBe((before?.deliveries.length ?? 0) > 0);
      // a page machine runs from its attach to its detach (a detach of one not running does nothing)
      const paging = path.steps
        .filter((step) => ['app.attach', 'app.detach'].includes(step.event.type))
        .at(-1);
      if (paging?.event.type === 'app.attach')
        expect(systemActor(actor as never, 'checkout').getSnapshot().value).toBe('idle');
      else expect(actor.system.get('checkout')).toBeUndefined();
      actor.stop();
    });
  }
});

describe('the actor system', () => {
  it('starts every long-lived actor once, reachable by systemId', () => {
    const system = startTestSystem({ effects: fakeEffects(), clock: new SimulatedClock() });
    const signIn: readonly string[] = SIGN_IN_MACHINE_IDS;
    for (const id of Object.keys(REGISTRY))
      if (!signIn.includes(id)) expect(system.system.get(id), id).toBeDefined();
    expect(systemActor(system, 'categoryMenu').getSnapshot().context.closeDelay).toBe(2000);
    expect(systemActor(system, 'accountMenu').getSnapshot().context.closeDelay).toBe(500);
    system.stop();
  });

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
    const system = startTestSystem({ effects: fakeEffects() });
    for (const id of SIGN_IN_MACHINE_IDS) expect(system.system.get(id), id).toBeUndefined();
    system.send({ type: 'signIn.prepare' });
    const dialog = await whenAttached(system, 'loginDialog');
    for (const id of SIGN_IN_MACHINE_IDS) expect(system.system.get(id), id).toBeDefined();
    expect(dialog.getSnapshot().value).toBe('closed');
    system.send({ type: 'signIn.prepare' });
    system.send({ type: 'loginDialog.open', mode: 'login', email: 'ann@example.com' });
    expect(systemActor(system, 'loginDialog')).toBe(dialog);
    expect(dialog.getSnapshot().value).toEqual({ open: 'login' });
    expect(dialog.getSnapshot().context.form.email).toBe('ann@example.com');
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
    // a second member.prepare (another member page) changes nothing
    system.send({ type: 'member.prepare' });
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
    expect(actor.system.get('favorites')).toBeDefined();
    actor.stop();
  });
});

describe('page machines attached on demand (docs/decisions/006-lazy-page-machines.md)', () => {
  it('start without the page machines; a page module attaches once and keeps its context', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    for (const id of PAGE_MACHINE_IDS) expect(system.system.get(id), id).toBeUndefined();
    // the member's machines too: no member yet, and no page that needs them
    for (const id of MEMBER_MACHINE_IDS) expect(system.system.get(id), id).toBeUndefined();

    await ensure(system, 'orderList');
    const list = systemActor(system, 'orderList');
    for (const id of ['orderList', 'orderDetail', 'fruitHistory', 'coupons', 'exchange'] as const)
      expect(system.system.get(id), id).toBeDefined();
    expect(system.system.get('checkout')).toBeUndefined();
    list.send({ type: 'orders.load', query: { page: 2 } } as never);

    await ensure(system, 'orderList', 'checkout');
    expect(systemActor(system, 'orderList')).toBe(list);
    expect(list.getSnapshot().context).toMatchObject({ query: { page: 2 } });
    expect(system.system.get('checkout')).toBeDefined();
    expect(system.system.get('paymentResult')).toBeDefined();
    system.stop();
  });

  it('release stops the page modules no page on screen needs, and nothing else', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    await prepareMember(system);
    await ensure(system, 'orderList', 'checkout', 'support');
    const list = systemActor(system, 'orderList');

    // the order page is on screen: its module (orders, order, coins, coupons, exchange) stays
    release(system, ['orderDetail']);
    expect(systemActor(system, 'orderList')).toBe(list);
    for (const id of ['checkout', 'paymentResult', 'support', 'messages'] as const)
      expect(system.system.get(id), id).toBeUndefined();
    for (const id of [...idsIn('app'), ...idsIn('member')]) expect(system.system.get(id), id).toBeDefined();

    release(system, []);
    for (const id of idsIn('page')) expect(system.system.get(id), id).toBeUndefined();
    // a page that opens again gets a fresh machine
    await ensure(system, 'orderList');
    expect(systemActor(system, 'orderList')).not.toBe(list);
    system.stop();
  });

  it('a restored connection retries only the page machines that run', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
    const connection = systemActor(system, 'connection');
    connection.send({ type: 'connection.lost' } as never);
    connection.send({ type: 'connection.reached' } as never);
    expect(system.getSnapshot().status).toBe('active');
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

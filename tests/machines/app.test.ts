import { afterAll, describe, expect, it } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import { appMachine } from '../../machines/app.ts';
import { SYSTEM_IDS } from '../../machines/domain/system-ids.ts';
import { PAGE_MACHINE_IDS, SIGN_IN_MACHINE_IDS } from '../../machines/app.ts';
import {
  attachPageMachines,
  startAppSystem,
  systemActor,
  whenAttached,
} from '../../src/system/app-system.ts';
import { controlledActors, CoverageRecorder, replayOnActor } from '../support/model.ts';
import { appModel } from '../models/app.ts';
import { pathsOf } from '../models/types.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { fullFixture, pageFixture } from '../support/fixtures.ts';

const recorder = new CoverageRecorder(appMachine);
afterAll(() => recorder.save());

describe('app root model', () => {
  const { input, machine: logic } = appModel;
  for (const path of pathsOf(appModel)) {
    it(path.description, async () => {
      const controlled = controlledActors(appModel.actors);
      const actor = await replayOnActor(logic, path, { input, recorder, controlled });
      // a dialog asked for stays asked for until the sign-in code arrives (or cannot load)
      let asked = false;
      for (const { event } of path.steps) {
        if (event.type === 'loginDialog.open') asked = true;
        if (event.type.startsWith('xstate.error.actor.loadSignIn')) asked = false;
      }
      const snapshot = actor.getSnapshot();
      if (snapshot.matches('signInReady')) {
        expect(systemActor(actor as never, 'loginDialog').getSnapshot().value).toEqual(
          asked ? { open: 'register' } : 'closed',
        );
      } else {
        expect(actor.system.get('loginDialog')).toBeUndefined();
      }
      if (path.steps.at(-1)?.event.type.startsWith('xstate.error.actor.loadSignIn')) {
        const toasts = systemActor(actor as never, 'toast').getSnapshot().context;
        expect(JSON.stringify(toasts).includes('Sign-in could not load')).toBe(
          path.steps.at(-2)?.state.context.openRequest !== null,
        );
      }
      if (path.steps.some((step) => step.event.type === 'app.attach')) {
        expect(systemActor(actor as never, 'checkout').getSnapshot().value).toBe('idle');
      }
      actor.stop();
    });
  }
});

describe('the actor system', () => {
  it('starts every long-lived actor once, reachable by systemId', () => {
    const system = startAppSystem({ effects: fakeEffects(), clock: new SimulatedClock() });
    const signIn: readonly string[] = SIGN_IN_MACHINE_IDS;
    for (const id of Object.values(SYSTEM_IDS))
      if (!signIn.includes(id)) expect(system.system.get(id), id).toBeDefined();
    expect(systemActor(system, 'categoryMenu').getSnapshot().context.closeDelay).toBe(2000);
    expect(systemActor(system, 'accountMenu').getSnapshot().context.closeDelay).toBe(500);
    system.stop();
  });

  it('runs the provided effects: a list and a detail load end ready', async () => {
    const system = startAppSystem({ effects: fakeEffects() });
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
    const system = startAppSystem({ effects: fakeEffects() });
    system.send({ type: 'loginDialog.open' });
    expect(system.getSnapshot().value).toBe('signInLoading');
    const dialog = await whenAttached(system, 'loginDialog');
    await waitFor(dialog, (s) => s.value !== 'closed');
    expect(dialog.getSnapshot().value).toEqual({ open: 'providers' });
    expect(system.getSnapshot().context.openRequest).toBeNull();
    system.stop();
  });
});

describe('page machines attached on demand (docs/decisions/006-lazy-page-machines.md)', () => {
  it('start without the page machines; a group attaches once and keeps its context', async () => {
    const system = startAppSystem({ effects: fakeEffects(), pageMachines: 'onDemand' });
    for (const id of PAGE_MACHINE_IDS) expect(system.system.get(id), id).toBeUndefined();
    expect(system.system.get('cart')).toBeDefined();
    expect(system.system.get('inbox')).toBeDefined();

    await attachPageMachines(system, 'history');
    const list = systemActor(system, 'orderList');
    for (const id of ['orderList', 'orderDetail', 'fruitHistory', 'coupons', 'exchange'] as const)
      expect(system.system.get(id), id).toBeDefined();
    expect(system.system.get('checkout')).toBeUndefined();
    list.send({ type: 'orders.load', query: { page: 2 } } as never);

    await attachPageMachines(system, 'history', 'checkout');
    expect(systemActor(system, 'orderList')).toBe(list);
    expect(list.getSnapshot().context).toMatchObject({ query: { page: 2 } });
    expect(system.system.get('checkout')).toBeDefined();
    expect(system.system.get('paymentResult')).toBeDefined();
    system.stop();
  });

  it('a restored connection retries only the page machines that run', async () => {
    const system = startAppSystem({ effects: fakeEffects(), pageMachines: 'onDemand' });
    const connection = systemActor(system, 'connection');
    connection.send({ type: 'connection.lost' } as never);
    connection.send({ type: 'connection.reached' } as never);
    expect(system.getSnapshot().status).toBe('active');
    expect(system.system.get('orderList')).toBeUndefined();
    system.stop();
  });
});

describe('who the catalog is for', () => {
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
    const system = startAppSystem({ effects });
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

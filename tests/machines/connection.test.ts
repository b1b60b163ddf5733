// Mutation: connection
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { RETRY_ON_RESTORE } from '../../machines/app/app.ts';
import { connectionMachine, type ConnectionEvent } from '../../machines/shell/connection.ts';
import { createApiClient } from '../../src/platform/api.ts';
import { systemActor } from '../../src/app/app-system.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { pageFixture } from '../support/fixtures.ts';
import { flushPromises } from '../support/model.ts';
import { startTestSystem } from '../support/start-system.ts';

describe('connection timing and reports', () => {
  /** The machine with a `watch` the test drives and a probe that answers as the test says. */
  const start = (answers: boolean[]) => {
    const clock = new SimulatedClock();
    let probes = 0;
    let report: (event: ConnectionEvent) => void = () => {};
    const actor = createActor(
      connectionMachine.provide({
        actors: {
          watch: fromCallback<ConnectionEvent>(({ sendBack }) => {
            report = sendBack;
            return () => {};
          }),
          probe: fromPromise(async () => {
            const ok = answers[Math.min(probes++, answers.length - 1)];
            if (!ok) throw new Error('offline');
          }),
        },
      }),
      { clock, input: {} },
    ).start();
    const advance = async (ms: number) => {
      for (let t = 0; t < ms; t += 500) {
        clock.increment(500);
        await flushPromises();
      }
    };
    return { actor, advance, probes: () => probes, report: (e: ConnectionEvent) => report(e) };
  };

  it('probes after 2 s, then 4 s, then 8 s, and is back online when a probe answers', async () => {
    const { actor, advance, probes, report } = start([false, false, true]);
    const restored: string[] = [];
    actor.on('connection.restored', (e) => restored.push(e.type));
    report({ type: 'connection.lost' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    await advance(1500);
    expect(probes()).toBe(0);
    await advance(500);
    expect(probes()).toBe(1);
    await advance(3500);
    expect(probes()).toBe(1);
    await advance(500);
    expect(probes()).toBe(2);
    await advance(7500);
    expect(probes()).toBe(2);
    await advance(500);
    expect(probes()).toBe(3);
    expect(actor.getSnapshot().hasTag('restored')).toBe(true);
    expect(restored).toEqual(['connection.restored']);
    await advance(3000);
    expect(actor.getSnapshot().value).toEqual({ online: 'steady' });
  });

  it("probes at once on the browser's online event, and any answer of the API ends the outage", async () => {
    const { actor, advance, probes, report } = start([false]);
    report({ type: 'connection.lost' });
    report({ type: 'connection.browserOnline' });
    await flushPromises();
    expect(probes()).toBe(1);
    expect(actor.getSnapshot().value).toBe('offline');
    // further failures while offline change nothing
    report({ type: 'connection.lost' });
    expect(actor.getSnapshot().context.attempt).toBe(1);
    report({ type: 'connection.reached' });
    expect(actor.getSnapshot().hasTag('restored')).toBe(true);
    await advance(60_000);
    expect(probes()).toBe(1);
  });

  it('starts over at 2 s after the next outage', async () => {
    const { actor, advance, probes, report } = start([false, false, false, true]);
    report({ type: 'connection.lost' });
    await advance(2000 + 4000 + 8000);
    expect(actor.getSnapshot().context.attempt).toBe(3);
    report({ type: 'connection.reached' });
    report({ type: 'connection.lost' });
    expect(actor.getSnapshot().context.attempt).toBe(0);
    const before = probes();
    await advance(2000);
    expect(probes()).toBe(before + 1);
  });
});

describe('on restore, what failed to load loads again (the whole actor system)', () => {
  it('sends each registered machine its retry, and only the ones that failed load', async () => {
    let fail = true;
    const listCalls: number[] = [];
    let report: (event: ConnectionEvent) => void = () => {};
    const effects = fakeEffects({
      listPrompts: async (q) => {
        listCalls.push(q.page ?? 1);
        if (fail) throw new Error("Can't reach FruitPrompt right now.");
        return pageFixture(2);
      },
      getPrompt: async () => {
        if (fail) throw new Error("Can't reach FruitPrompt right now.");
        return { found: false };
      },
      connection: {
        probe: async () => {},
        watch: (listener) => {
          report = listener;
          return () => {};
        },
      },
    });
    const system = startTestSystem({ effects, clock: new SimulatedClock() });
    const list = systemActor(system, 'promptList');
    const detail = systemActor(system, 'promptDetail');
    const home = systemActor(system, 'homeSections');
    list.send({ type: 'list.load', query: { page: 1 } });
    detail.send({ type: 'detail.load', id: '7' });
    home.send({ type: 'home.load' });
    await waitFor(list, (s) => s.hasTag('error'));
    await waitFor(detail, (s) => s.hasTag('error'));
    await waitFor(home, (s) => s.hasTag('ready'));
    report({ type: 'connection.lost' });
    fail = false;
    report({ type: 'connection.reached' });
    expect((await waitFor(list, (s) => s.hasTag('ready'))).context.page?.data).toHaveLength(2);
    expect((await waitFor(detail, (s) => !s.hasTag('loading') && !s.hasTag('error'))).value).toBe('notFound');
    expect(listCalls).toEqual([1, 1]);
    expect(home.getSnapshot().hasTag('ready')).toBe(true);
    system.stop();
  });

  it('names only long-lived actors, and never a purchase or a send', () => {
    const system = startTestSystem({ effects: fakeEffects(), clock: new SimulatedClock() });
    for (const target of RETRY_ON_RESTORE)
      expect(system.system.get(target.systemId), target.systemId).toBeDefined();
    const types = RETRY_ON_RESTORE.map((t) => t.event.type);
    for (const never of ['checkout.retry', 'exchange.retry', 'support.retry'])
      expect(types).not.toContain(never);
    system.stop();
  });
});

describe('what the API client reports (src/platform/api.ts onReachability)', () => {
  const reportsOf = async (respond: () => Promise<Response>) => {
    const reports: boolean[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: () => respond(),
      onReachability: (reached) => reports.push(reached),
    });
    await api.get('/api/prompts').catch(() => {});
    return reports;
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it("lost: no answer at all, or a gateway answering 502/503/504 in the server's place", async () => {
    expect(await reportsOf(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual([false]);
    for (const status of [502, 503, 504])
      expect(await reportsOf(async () => new Response('<html>Bad gateway</html>', { status }))).toEqual([
        false,
      ]);
  });

  it('reached: any answer of the API itself, its own 503 envelope too (e.g. no payment page)', async () => {
    expect(await reportsOf(async () => json(200, { success: true, msg: '', extend: {} }))).toEqual([true]);
    expect(
      await reportsOf(async () => json(503, { success: false, msg: 'No payment page', extend: {} })),
    ).toEqual([true]);
    expect(await reportsOf(async () => new Response('not json', { status: 404 }))).toEqual([true]);
  });
});

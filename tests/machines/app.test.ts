import { afterAll, describe, expect, it } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import { appMachine } from '../../machines/app.ts';
import { SYSTEM_IDS } from '../../machines/domain/system-ids.ts';
import { createAppLogic, startAppSystem, systemActor } from '../../src/system/app-system.ts';
import { CoverageRecorder, modelPaths, replayOnActor } from '../support/model.ts';
import { fakeEffects } from '../support/fake-effects.ts';

const recorder = new CoverageRecorder(appMachine);
afterAll(() => recorder.save());

describe('app root model', () => {
  const input = { callbackUrl: 'http://localhost/auth/callback' };
  const logic = createAppLogic(fakeEffects());
  for (const path of modelPaths(logic, {
    input,
    samples: { 'loginDialog.open': [{ type: 'loginDialog.open', mode: 'register' }] },
  })) {
    it(path.description, async () => {
      const actor = await replayOnActor(logic, path, { input, recorder });
      if (path.steps.at(-1)?.event.type === 'loginDialog.open') {
        expect(systemActor(actor as never, 'loginDialog').getSnapshot().value).toEqual({ open: 'register' });
      }
      actor.stop();
    });
  }
});

describe('the actor system', () => {
  it('starts every long-lived actor once, reachable by systemId', () => {
    const system = startAppSystem({ effects: fakeEffects(), clock: new SimulatedClock() });
    for (const id of Object.values(SYSTEM_IDS)) expect(system.system.get(id), id).toBeDefined();
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

// How src/main.tsx holds a hydrated page's viewer marks (src/app/hydrate.ts holdMarksForMember, issue 18):
// at once, before React adopts the page, where a member may be signed in (the server's hint or a stored
// token), with the code that lifts the hold loaded only then; a visitor's first visit neither holds the
// marks nor loads that code.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { PromptPage } from '../../domain/catalog.ts';
import { startAppSystem, systemActor } from '../../src/app/app-system.ts';
import { holdMarksForMember } from '../../src/app/hydrate.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { pageFixture } from '../support/fixtures.ts';
import { serverSnapshots, sessionAs } from '../support/hydration-fixtures.ts';

const TOKEN = 'member-token';
const root = document.documentElement;

afterEach(() => {
  localStorage.clear();
  delete root.dataset.viewer;
  vi.doUnmock('../../src/app/viewer-marks.ts');
  vi.resetModules();
});

describe('holding the viewer marks at start', () => {
  it('a visitor: nothing is held and the code that lifts a hold is not loaded', async () => {
    const loaded = vi.fn();
    vi.doMock('../../src/app/viewer-marks.ts', () => {
      loaded();
      return { holdViewerMarks: () => {} };
    });
    const client = startAppSystem({ effects: fakeEffects(), restore: await serverSnapshots() });
    holdMarksForMember(client, root);
    expect(root.dataset.viewer).toBeUndefined();
    // every import started by then has settled (a sleep of a few ms could end before a started import
    // reached the mock on a busy machine, and the test would pass when it should not)
    await vi.dynamicImportSettled();
    expect(loaded).not.toHaveBeenCalled();
    client.stop();
  });

  it("a stored token: held from the first moment, lifted once the list is the member's", async () => {
    localStorage.setItem('token', TOKEN);
    let answer!: (page: PromptPage) => void;
    const client = startAppSystem({
      effects: fakeEffects({
        session: sessionAs({ status: 'valid', token: TOKEN, user: null, socialLogin: false }),
        listPrompts: () => new Promise<PromptPage>((resolve) => (answer = resolve)),
      }),
      restore: await serverSnapshots(),
    });
    holdMarksForMember(client, root);
    // before the hold's own code has loaded
    expect(root.dataset.viewer).toBe('pending');
    const list = systemActor(client, 'promptList');
    await waitFor(list, (s) => s.matches('revalidating'));
    expect(root.dataset.viewer).toBe('pending');
    answer({ ...pageFixture(4), page: 1 });
    await waitFor(list, (s) => s.matches('ready'));
    await vi.waitFor(() => expect(root.dataset.viewer).toBeUndefined());
    client.stop();
  });

  it("the server's hint for a browser that turns out to hold no session: held, then shown", async () => {
    root.dataset.viewer = 'pending';
    const client = startAppSystem({ effects: fakeEffects(), restore: await serverSnapshots() });
    holdMarksForMember(client, root);
    expect(root.dataset.viewer).toBe('pending');
    await vi.waitFor(() => expect(root.dataset.viewer).toBeUndefined());
    client.stop();
  });

  it('shows the marks when the code that lifts the hold cannot load (offline)', async () => {
    root.dataset.viewer = 'pending';
    vi.doMock('../../src/app/viewer-marks.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { holdMarksForMember: hold } = await import('../../src/app/hydrate.ts');
    const client = startAppSystem({ effects: fakeEffects() });
    hold(client, root);
    expect(root.dataset.viewer).toBe('pending');
    await vi.waitFor(() => expect(root.dataset.viewer).toBeUndefined());
    client.stop();
  });
});

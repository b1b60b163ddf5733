// A member's first page the server rendered for a visitor (issue 18): the marks that depend on who is
// looking stay hidden until the member's own answers are on screen, then show; a visitor's never hide.
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { PromptPage } from '../../domain/catalog.ts';
import { startAppSystem, systemActor } from '../../src/app/app-system.ts';
import { bindMemberHint, holdViewerMarks, marksSettled } from '../../src/app/viewer-marks.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { pageFixture } from '../support/fixtures.ts';
import { serverSnapshots, sessionAs } from '../support/hydration-fixtures.ts';

const TOKEN = 'member-token';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.viewer;
  document.cookie = 'fp_member=; Max-Age=0; Path=/';
});

describe('the viewer marks of a page the server rendered', () => {
  it("stay hidden for a member until the list is the member's, then show", async () => {
    localStorage.setItem('token', TOKEN);
    const memberPage = deferred<PromptPage>();
    const client = startAppSystem({
      effects: fakeEffects({
        session: sessionAs({ status: 'valid', token: TOKEN, user: null, socialLogin: false }),
        listPrompts: () => memberPage.promise,
      }),
      restore: await serverSnapshots(),
    });
    const timers: (() => void)[] = [];
    holdViewerMarks(client, document.documentElement, (run) => timers.push(run));
    expect(document.documentElement.dataset.viewer).toBe('pending');

    // the session restores the member: the list fetches their page, keeping the visitor's shown
    const list = systemActor(client, 'promptList');
    await waitFor(list, (s) => s.matches('revalidating'));
    expect(list.getSnapshot().context.page?.data.length).toBeGreaterThan(0);
    expect(document.documentElement.dataset.viewer).toBe('pending');
    expect(marksSettled(client)).toBe(false);

    memberPage.resolve({ ...pageFixture(4), page: 1 });
    await waitFor(list, (s) => s.matches('ready'));
    expect(document.documentElement.dataset.viewer).toBeUndefined();
    client.stop();
  });

  it('show at once for a visitor, and are never held', async () => {
    const client = startAppSystem({ effects: fakeEffects(), restore: await serverSnapshots() });
    holdViewerMarks(client, document.documentElement, () => {});
    expect(document.documentElement.dataset.viewer).toBeUndefined();
    client.stop();
  });

  it('show after the hold limit when the member’s answers never come', async () => {
    localStorage.setItem('token', TOKEN);
    const client = startAppSystem({
      effects: fakeEffects({
        session: sessionAs({ status: 'valid', token: TOKEN, user: null, socialLogin: false }),
        listPrompts: () => new Promise<PromptPage>(() => {}),
      }),
      restore: await serverSnapshots(),
    });
    const timers: (() => void)[] = [];
    holdViewerMarks(client, document.documentElement, (run) => timers.push(run));
    await waitFor(systemActor(client, 'promptList'), (s) => s.matches('revalidating'));
    expect(document.documentElement.dataset.viewer).toBe('pending');
    timers.forEach((run) => run());
    expect(document.documentElement.dataset.viewer).toBeUndefined();
    client.stop();
  });
});

describe('the member hint cookie', () => {
  it('is set while a member is signed in and cleared when the session ends', async () => {
    const client = startAppSystem({
      effects: fakeEffects({
        session: sessionAs({ status: 'valid', token: TOKEN, user: null, socialLogin: false }),
      }),
    });
    bindMemberHint(client);
    const session = systemActor(client, 'session');
    await waitFor(session, (s) => s.hasTag('loggedIn'));
    expect(document.cookie).toContain('fp_member=1');
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.hasTag('loggedOut'));
    expect(document.cookie).not.toContain('fp_member=1');
    client.stop();
  });
});

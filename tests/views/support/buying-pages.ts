// What the buying side's view tests share (the page replays tests/views/cart.model.test.tsx,
// checkout.model.test.tsx, payment-result.model.test.tsx, and cart.test.tsx, checkout-orders.test.tsx):
// a signed-in member, a fake server whose calls wait until a model step answers them, the payment pages
// the browser was sent to, and reading the page as a person does.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Restored } from '../../../machines/auth/session.ts';
import type { AuthMarks } from '../../../domain/session-rules.ts';
import type { AppEffects } from '../../../src/app/app-system.ts';
import { paymentPage } from '../../../src/commerce/checkout-logic.ts';
import { fakeEffects } from '../../support/fake-effects.ts';
import type { SpecStep } from '../../support/spec-model.ts';
import { settle } from './controllable.ts';
import { renderApp, withSession, type RenderOptions } from './render-app.tsx';

export type App = Awaited<ReturnType<typeof renderApp>>;

/** A path renders the whole app and takes a dozen steps: more than the default 5 s on a busy machine. */
export const PATH_TIMEOUT = 30_000;

export const member: Extract<Restored, { status: 'valid' }> = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 100 },
};

/** The fake effects (and `more`) with `member` restored at start. */
export const asMember = (more: Partial<AppEffects> = {}): AppEffects => withSession(member, more);

/** The fake session: restored as `restored`, and the stored token stays the one in use. */
export function effectsFor(restored: Restored, extra: Partial<AppEffects>): AppEffects {
  const base = fakeEffects(extra);
  return {
    ...base,
    session: {
      ...base.session,
      actors: {
        ...base.session.actors,
        restoreSession: fromPromise(() => Promise.resolve(restored)),
        readAuthMarks: fromPromise(async (): Promise<AuthMarks> => ({
          token: restored.status === 'valid' ? restored.token : null,
          loginTime: 1,
          logoutTime: null,
          now: 10,
        })),
      },
    },
  };
}

/**
 * The fake server: each call waits, by the model's name of its effect, until a step answers it; the
 * oldest first (an abandoned call answers before a newer one, as the models say).
 */
export type FakeServer = ReturnType<typeof fakeServer>;

export function fakeServer() {
  const pending = new Map<
    string,
    { input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[]
  >();
  const calls: { effect: string; input: unknown }[] = [];
  const call =
    <T>(effect: string) =>
    (input: unknown): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        calls.push({ effect, input });
        pending.set(effect, [
          ...(pending.get(effect) ?? []),
          { input, resolve: resolve as (v: unknown) => void, reject },
        ]);
      });
  const answer = async (effect: string, outcome: { output: unknown } | { error: unknown }) => {
    const next = pending.get(effect)?.shift();
    if (!next) throw new Error(`No pending call of ${effect} to answer`);
    await act(async () => {
      if ('output' in outcome) next.resolve(outcome.output);
      else next.reject(outcome.error);
    });
    await settle();
    await settle();
  };
  return { call, answer, calls };
}

/** The app and the fake server its calls wait on. */
export interface ServedApp extends App {
  server: FakeServer;
}

/**
 * The app rendered at `href` for a person restored as `restored`, with the fake server beside it
 * (`app.server`) for the effects that wait on it.
 */
export async function startWithServer(
  href: string,
  restored: Restored,
  effects: (server: FakeServer) => Partial<AppEffects>,
  options: Omit<RenderOptions, 'effects'> = {},
): Promise<ServedApp> {
  const server = fakeServer();
  const app = await renderApp(href, {}, { ...options, effects: effectsFor(restored, effects(server)) });
  return Object.assign(app, { server });
}

/** Answers the step's call with its own output (shaped by `shape`) or error. */
export const answerStep = (
  server: FakeServer,
  step: SpecStep,
  shape: (effect: string, output: unknown) => unknown,
) =>
  'settle' in step
    ? server.answer(step.settle, { output: shape(step.settle, step.output) })
    : 'fail' in step
      ? server.answer(step.fail, { error: step.error ?? new Error(`${step.fail} failed`) })
      : Promise.reject(new Error('not an answer'));
/** The payment pages the browser was sent to in this test, in order. */
export const payments: string[] = [];

/** Records the payment pages instead of leaving, and forgets the clock and storage after each path. */
export function resetAroundEachPath(): void {
  beforeEach(() => {
    payments.length = 0;
    paymentPage.go = (url) => void payments.push(url);
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Reading the page: the accessibility tree's own check of what is hidden costs a style lookup per
 * element in jsdom (no stylesheet applies there), and nothing here is hidden but by not being rendered.
 */
export const FAST = { hidden: true } as const;
export const mainElement = () => screen.getByRole('main', FAST);
export const main = () => within(mainElement());
export const path = (app: App) => app.router.state.location.pathname;

export async function open(app: App, href: string) {
  await act(async () => {
    await app.router.navigate({ href });
  });
  await settle();
  await settle();
}

/** The text a person reads in an element, buttons inside it left out, spaces collapsed. */
export function textOf(element: Element): string {
  const BLOCKS = new Set(['P', 'LI', 'UL', 'OL', 'DIV', 'SECTION', 'H1', 'H2', 'H3', 'H4', 'DL', 'DT', 'DD']);
  const parts: string[] = [];
  const walk = (node: Node, root: boolean) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    else if (
      node instanceof Element &&
      (root || (node.getAttribute('role') !== 'button' && node.tagName !== 'BUTTON'))
    ) {
      const block = BLOCKS.has(node.tagName);
      if (block) parts.push(' ');
      for (const child of node.childNodes) walk(child, false);
      if (block) parts.push(' ');
    }
  };
  walk(element, true);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** A control as a person tells it: its name, and whether it is disabled or busy. */
export function controlOf(element: HTMLElement): string {
  const name = element.getAttribute('aria-label') ?? textOf(element);
  const marks = [
    element.getAttribute('aria-disabled') === 'true' ? 'disabled' : null,
    element.getAttribute('aria-busy') === 'true' ? 'busy' : null,
  ].filter(Boolean);
  return marks.length ? `${name} (${marks.join(', ')})` : name;
}

export const buttonsIn = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('button', FAST)
    .map((b) => controlOf(b));
export const statusesIn = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('status', FAST)
    .map((s) => textOf(s))
    .filter(Boolean);
export const alertsIn = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('alert', FAST)
    .map((a) => textOf(a));

/** The header's balance, or null for a visitor. */
export function balanceShown(): string | null {
  const link = screen.queryByRole('link', { name: /^FruitCoin balance: /, ...FAST });
  return link ? link.getAttribute('aria-label')!.replace('FruitCoin balance: ', '') : null;
}

/** The balance the session was last told of (a `session.fruitUpdated` heard), else the sign-in's 100. */
export const lastBalance = (heard: string[]): number => {
  const told = heard
    .filter((h) => h.startsWith('session '))
    .map((h) => JSON.parse(h.slice('session '.length)) as { type: string; fruitCnt?: number })
    .filter((e) => e.type === 'session.fruitUpdated');
  return told.at(-1)?.fruitCnt ?? 100;
};

export const heardOf = (heard: string[], to: string) =>
  heard
    .filter((h) => h.startsWith(`${to} `))
    .map((h) => JSON.parse(h.slice(to.length + 1)) as Record<string, unknown>);

// What the history pages' replays share (tests/views/history-orders.model.test.tsx and
// history-coins.model.test.tsx): a member signed in on a page with no history machine, the steps and
// the calls in the model's terms, and reading the page as a person does.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, it, vi, type Mock } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { OrderStatus } from '../../../domain/commerce.ts';
import type { Restored } from '../../../machines/auth/session.ts';
import type { AppEffects } from '../../../src/app/app-system.ts';
import { emptyCart, fakeEffects } from '../../support/fake-effects.ts';
import { specStepLabel, type EffectCall, type SpecModel, type SpecStep } from '../../support/spec-model.ts';
import { renderApp } from './render-app.tsx';
import type { Fake } from './replay.ts';
import { controllable } from './controllable.ts';
import { pagePaths, replaySpecPathOnPage, type PageReplay } from './spec-page.ts';
import { jsdomPerson } from './person.ts';
import type { PageDriver } from '../../support/page-driver.ts';

/** Each path starts from nothing: no spies, nothing stored. */
export function resetAfterEachPath(): void {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
  });
}

export const MEMBER_BALANCE = 650;
/** A small page without any history machine, where the replays start. */
export const ELSEWHERE = '/nowhere';

/** The app on a page with no history machine, a member already signed in (restored at start). */
export async function startApp(effects: Partial<AppEffects>) {
  // the cart tells the session the balance too: the same fake server says the same balance
  const base = fakeEffects({
    fetchCart: async () => ({ ...emptyCart(), balance: MEMBER_BALANCE }),
    ...effects,
  });
  const restored: Restored = {
    status: 'valid',
    token: 'a.b.c',
    socialLogin: false,
    user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: MEMBER_BALANCE },
  };
  // the system's timers wait for the model's own `wait` steps (these models take none): a toast stays
  // up however slow the machine running the replay is
  const app = await renderApp(ELSEWHERE, {}, { effects: base, restored, clock: new SimulatedClock() });
  await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
  await within(screen.getByRole('banner')).findByRole('link', {
    name: `FruitCoin balance: ${MEMBER_BALANCE}`,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof startApp>>;

// ---------------------------------------------------------------------------------------------
// Shared: the steps, the calls, reading the page

export type Answer = Extract<SpecStep, { settle: string } | { fail: string }>;
export const isAnswer = (step: SpecStep): step is Answer => 'settle' in step || 'fail' in step;
export const sent = (step: SpecStep): string | null => ('send' in step ? step.send.type : null);
/** A field of the event a step sends. */
export const arg = <T>(step: SpecStep, key: string): T => ('send' in step ? step.send[key] : undefined) as T;

/**
 * What a person does for a sent step, by the machine's driver (tests/drivers, which the browser scripts
 * share): clicks through the app's user-event, addresses left for ELSEWHERE when already shown.
 */
export async function take<S>(app: App, driver: PageDriver<S>, step: SpecStep, before: S): Promise<void> {
  if (!('send' in step)) throw new Error(`No page action for ${specStepLabel(step)}`);
  await jsdomPerson(app, { user: app.user, elsewhere: ELSEWHERE }).take(driver, step.send, before);
}

/** The oldest call still out answers (`value`), or fails with the step's error (or what `error` gives). */
export async function answer<A extends unknown[], R>(
  fake: Fake<A, R>,
  step: Answer,
  value?: (output: unknown) => R,
  error?: (output: unknown) => unknown,
): Promise<void> {
  if ('fail' in step) return fake.reject(step.error);
  const failure = error?.(step.output);
  if (failure) return fake.reject(failure);
  return fake.resolve(value ? value(step.output) : (step.output as R));
}

/** Object keys in one order, so that two inputs compare by content. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;

interface Source {
  /** The effect's name in the model. */
  actor: string;
  fn: Mock;
  /** Its input in the model's terms (default: the call's first argument). */
  input?: (args: unknown[]) => unknown;
}

/** The calls the page makes through its fakes, step by step, in the model's terms. */
export function callLog(sources: Source[]) {
  const seen = sources.map(() => 0);
  const take = (): EffectCall[] =>
    sources.flatMap((source, i) => {
      const calls = source.fn.mock.calls.slice(seen[i]) as unknown[][];
      seen[i] = source.fn.mock.calls.length;
      return calls.map((args) => ({
        actor: source.actor,
        input: source.input ? source.input(args) : args[0],
      }));
    });
  return {
    take,
    /** Throws, naming the step, when the step made other calls than the model names. */
    check<S>(model: SpecModel<S>, before: S, step: SpecStep, after: S): void {
      const made = JSON.stringify(canonical(take()));
      const named = JSON.stringify(canonical(model.calls?.(before, step, after) ?? []));
      if (made !== named)
        throw new Error(
          `After ${specStepLabel(step)}: expected the calls ${named} but the page made ${made}`,
        );
    },
  };
}

export const words = (el: Element | null | undefined): string | null =>
  el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : null;

/** An element's accessible name as this app gives them: aria-label, aria-labelledby, else its text. */
export const nameOf = (el: Element): string | null => {
  const label = el.getAttribute('aria-label');
  if (label !== null) return label;
  const by = el.getAttribute('aria-labelledby');
  if (by)
    return by
      .split(' ')
      .map((id) => words(document.getElementById(id)) ?? '')
      .join(' ');
  return words(el);
};
export const descriptionOf = (el: Element): string | null => {
  const by = el.getAttribute('aria-describedby');
  return by
    ? by
        .split(' ')
        .map((id) => words(document.getElementById(id)) ?? '')
        .join(' ')
    : null;
};
export const buttons = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('button')
    .map((b) => ({ name: nameOf(b), disabled: (b as HTMLButtonElement).disabled }));
export const headings = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('heading', { level: 2 })
    .map((h) => words(h));

/** "300 FruitCoins", as people read it. */
export const coins = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'FruitCoin' : 'FruitCoins'}`;

/** The balance the header shows. */
export const headerBalance = () =>
  nameOf(within(screen.getByRole('banner')).getByRole('link', { name: /^FruitCoin balance: / }));
export const headerShows = (balance: number) => `FruitCoin balance: ${balance.toLocaleString('en-US')}`;

/** The toasts on screen, oldest first. */
export const toasts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('paragraph')
    .map((p) => words(p));

/** A history section's load: busy, its skeleton's status, or why it failed with "Try again". */
export function loadOf(section: HTMLElement) {
  const inside = within(section);
  const retry = inside.queryByRole('button', { name: 'Try again' });
  return {
    busy: section.getAttribute('aria-busy') === 'true',
    loading: words(inside.queryByRole('status')),
    failed: retry
      ? { says: words(inside.queryByRole('alert')), retry: !(retry as HTMLButtonElement).disabled }
      : null,
  };
}

/** What a load in the model shows: the skeleton's words, the error view, or neither. */
export const loadShown = (expected: { status: string; error: string | null }, loadingText: string) => ({
  busy: expected.status === 'loading',
  loading: expected.status === 'loading' ? loadingText : null,
  failed: expected.status === 'error' ? { says: expected.error, retry: true } : null,
});

/** "Previous · Page 2 of 2 · Next" as links where there is another page. */
export function paginationOf(section: HTMLElement) {
  const nav = within(section).queryByRole('navigation', { name: 'Pagination' });
  if (!nav) return null;
  return {
    at: words(within(nav).getByText(/^Page \d+ of \d+$/)),
    links: within(nav)
      .queryAllByRole('link')
      .map((a) => words(a)),
  };
}
export function paginationShown(page: { page: number; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (pages <= 1) return null;
  return {
    at: `Page ${page.page} of ${pages}`,
    links: [page.page > 1 ? 'Previous' : null, page.page < pages ? 'Next' : null].filter(Boolean),
  };
}

export const staleCount = (s: { stale: number | unknown[] }) =>
  typeof s.stale === 'number' ? s.stale : s.stale.length;

/** The first way the model tries for an answer: its first output, or a failure with the server's words. */
const firstWay = <S>(model: SpecModel<S>, step: Answer, before: S) =>
  'fail' in step
    ? step.error instanceof Error && step.error.message !== ''
    : JSON.stringify(model.steps(before).find((s) => 'settle' in s && s.settle === step.settle)) ===
      JSON.stringify(step);

/**
 * The steps replayed on a page (see the top of the file): those a person can take there (`onPage`),
 * without the repetitive variations: at most one call left behind; while one is out, only the calls
 * answer, each its first way; nothing more is done on a page that shows a fallback text or an empty
 * list (`secondary`: checked where it is reached).
 */
export const walkable =
  <S extends { stale: number | unknown[] }>(
    model: SpecModel<S>,
    secondary: (s: S) => boolean,
    onPage: (step: SpecStep, before: S, after: S) => boolean,
  ) =>
  (step: SpecStep, before: S, after: S): boolean => {
    if (staleCount(after) > 1) return false;
    if (staleCount(before) > 0) return isAnswer(step) && firstWay(model, step, before);
    if (!isAnswer(step) && secondary(before)) return false;
    return onPage(step, before, after);
  };

/** A path renders the whole app and takes up to seven steps: more than a unit test's five seconds on a busy machine. */
export const PATH_TIMEOUT = 20_000;

export function replayOnPage<S>(
  model: SpecModel<S>,
  canTake: (step: SpecStep, before: S, after: S) => boolean,
  replay: () => PageReplay<S, App>,
) {
  describe(`${model.name} on the page against ${model.spec}`, () => {
    for (const path of pagePaths(model, canTake))
      it(path.title, () => replaySpecPathOnPage(model, replay(), path), PATH_TIMEOUT);
  });
}

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/**
 * The replay of a page whose machine makes one call (Fruit History, Orders, Coupons): the app started with
 * that call held, each step answered or taken by the page's driver, and the calls checked against the
 * model after each; `view` reads the page and says what it should show.
 */
export function oneCallPage<S>(
  model: SpecModel<S>,
  actor: keyof AppEffects & string,
  driver: PageDriver<S>,
  view: Omit<PageReplay<S, App>, 'start' | 'perform'>,
): PageReplay<S, App> {
  const fake: Fake<unknown[], unknown> = controllable();
  const log = callLog([{ actor, fn: fake.fn }]);
  return {
    start: () => startApp({ [actor]: fake.fn }),
    async perform(app, step, before, after) {
      log.take();
      if (isAnswer(step)) await answer(fake, step);
      else await take(app, driver, step, before);
      log.check(model, before, step, after);
    },
    ...view,
  };
}

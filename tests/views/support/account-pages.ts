// What the account area's page replays share (tests/views/account.model.test.tsx,
// messages.model.test.tsx and inbox.model.test.tsx): a member or a visitor on a page without the account area, reading the header
// and the toasts, answering a fake call as the model's step says, and signing out as a person does.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { SignInResult } from '../../../domain/session-user.ts';
import type { Restored } from '../../../machines/auth/session.ts';
import type { AppEffects } from '../../../src/app/app-system.ts';
import { ApiError } from '../../../src/platform/api.ts';
import type { SpecStep } from '../../support/spec-model.ts';
import { fakeEffects } from '../../support/fake-effects.ts';
import { renderApp } from './render-app.tsx';
import type { Fake } from './replay.ts';

/** Each path starts from nothing: no spies, nothing stored. */
export function resetAfterEachPath(): void {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
  });
}

export const MEMBER: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 35 },
};
export const GUEST: SignInResult = {
  ok: true,
  token: 'g.u.e',
  userData: { userId: 'u-9', providerUsername: 'Mina Member', fruitCnt: 0 },
};

/** The app on a page without the account area, signed in or not, on a simulated clock. */
export async function startApp(effects: Partial<AppEffects>, restored: Restored) {
  const clock = new SimulatedClock();
  const app = await renderApp('/terms', {}, { effects: fakeEffects(effects), restored, clock });
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  if (restored.status === 'valid')
    await screen.findByRole('button', { name: /^Account menu for Mina Member/ });
  else await screen.findByRole('button', { name: 'Log in' });
  return { ...app, clock };
}

export type App = Awaited<ReturnType<typeof startApp>>;

/** A press, as a person's click lands (without user-event's pointer walk, which the replay does not need). */
export const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
    await new Promise((r) => setTimeout(r, 0));
  });
};

export const main = () => within(screen.getByRole('main'));
export const banner = () => within(screen.getByRole('banner'));
export const textOf = (el: Element | null | undefined): string | null =>
  el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : null;

/** The account menu as a person hears it: whose, and the unread count it says (0: says none). */
export function accountMenu(): { member: boolean; unread: number } {
  const trigger = banner().queryByRole('button', { name: /^Account menu for/ });
  if (!trigger) return { member: false, unread: 0 };
  const said = /, (\d+) unread messages?$/.exec(textOf(trigger) ?? '');
  return { member: true, unread: said ? Number(said[1]) : 0 };
}

/** The toasts on screen, oldest first. */
export const toasts = (): string[] =>
  Array.from(screen.getByRole('region', { name: 'Notifications' }).querySelectorAll('p')).map((p) =>
    textOf(p)!,
  );

/** An answer as the fake effect gives it: the step's output, or its error as the API client throws it. */
export async function answer<A extends unknown[], R>(
  fake: Fake<A, R>,
  step: SpecStep,
  output?: (o: unknown) => R,
  status = 0,
) {
  if ('settle' in step) return fake.resolve(output ? output(step.output) : (step.output as R));
  // a failure without words of its own (the model's 'offline') is one the client could not word either
  if ('fail' in step)
    return fake.reject(new ApiError(step.error instanceof Error ? step.error.message : '', status));
}

/**
 * The toasts a list of `toast.show kind text` leaves on screen while the clock stands still: each one,
 * but an error already on screen is not shown twice (requirements §2 Toasts, machines/shell/toast.ts).
 */
export function toastsOf(heard: string[]): string[] {
  const shown: { kind: string; text: string }[] = [];
  for (const line of heard) {
    const said = /^toast\.show (\w+) (.*)$/.exec(line);
    if (!said) continue;
    const [, kind, text] = said as unknown as [string, string, string];
    if (kind === 'error' && shown.some((t) => t.kind === 'error' && t.text === text)) continue;
    shown.push({ kind, text });
  }
  return shown.map((t) => t.text);
}

// ---------------------------------------------------------------------------------------------

export async function signOut() {
  await click(banner().getByRole('button', { name: /^Account menu for/ }));
  await click(screen.getByRole('menuitem', { name: 'Log out' }));
  await banner().findByRole('button', { name: 'Log in' });
}

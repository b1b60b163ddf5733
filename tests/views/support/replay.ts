// What the rendered-page replays of member pages share: opening an address as a person does,
// settling the newest fake call, and finding the page's parts.
import { expect } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { controllable } from './controllable.ts';

interface Navigable {
  router: {
    state: { location: { href: string } };
    navigate: (options: { href: string }) => Promise<unknown>;
  };
}

/**
 * Opening an address, as following a link or typing it does. The pages ask for their data when they
 * mount: the address already shown is left first, as a person going back to it would.
 */
export async function open(app: Navigable, href: string): Promise<void> {
  if (app.router.state.location.href === href) await app.router.navigate({ href: '/terms' });
  await app.router.navigate({ href });
}

export type Fake<A extends unknown[], R> = ReturnType<typeof controllable<A, R>>;

/** Settles the newest call (older ones belong to requests the machine already dropped). */
export async function resolveLatest<A extends unknown[], R>(fake: Fake<A, R>, value: R): Promise<void> {
  fake.pending.splice(0, fake.pending.length - 1);
  await fake.resolve(value);
}

export async function rejectLatest<A extends unknown[], R>(fake: Fake<A, R>, error: unknown): Promise<void> {
  fake.pending.splice(0, fake.pending.length - 1);
  await fake.reject(error);
}

export const main = () => within(screen.getByRole('main'));
export const region = (name: string) => screen.queryByRole('region', { name });

/** A page section that is loading: busy, with its status text. */
export function expectLoading(section: HTMLElement | null, label: string) {
  expect(section).not.toBeNull();
  expect(section).toHaveAttribute('aria-busy', 'true');
  expect(within(section!).getByRole('status')).toHaveTextContent(label);
}

/** A page section whose load failed: not busy, the reason as an alert, and "Try again". */
export function expectLoadFailed(section: HTMLElement, message: string | null) {
  expect(section).toHaveAttribute('aria-busy', 'false');
  expect(within(section).getByRole('alert')).toHaveTextContent(message ?? '');
  expect(within(section).getByRole('button', { name: 'Try again' })).toBeEnabled();
}

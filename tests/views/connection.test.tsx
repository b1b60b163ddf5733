// The SPA while the API is down: the page's own error with "Try again", a banner saying we are offline
// and will reconnect, and, once a probe answers, the content by itself (no click, no reload).
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { ConnectionEvent } from '../../machines/shell/connection.ts';
import { ApiError, OFFLINE_MESSAGE } from '../../src/platform/api.ts';
import type { ConnectionEffects } from '../../src/shell/connection-effects.ts';
import { CONNECTION_TEXT } from '../../src/shell/connection-banner.tsx';
import { fullFixture, pageFixture } from '../support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * A server that is down until `up = true`: every fetcher wrapped with `call` fails as the API client
 * fails (and reports the lost connection, as it does through `onReachability`); the health probe too.
 */
function outage() {
  const state = { up: false, probes: 0 };
  const listeners = new Set<(event: ConnectionEvent) => void>();
  const tell = (event: ConnectionEvent) => listeners.forEach((l) => l(event));
  const call =
    <A extends unknown[], R>(answer: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!state.up) {
        tell({ type: 'connection.lost' });
        throw new ApiError(OFFLINE_MESSAGE, 0);
      }
      return answer(...args);
    };
  const connection: ConnectionEffects = {
    probe: async () => {
      state.probes += 1;
      if (!state.up) throw new ApiError(OFFLINE_MESSAGE, 0);
    },
    watch: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { state, call, connection };
}

const connectionBanner = () =>
  screen.getAllByRole('status').find((el) => el.classList.contains('connection-banner')) as HTMLElement;

describe('the API down, then back', () => {
  it('the catalog shows its error and the offline banner, then its prompts by itself', async () => {
    const clock = new SimulatedClock();
    const server = outage();
    const listPrompts = vi.fn(server.call(async () => pageFixture(3)));
    await renderApp('/?sort=newest', { listPrompts }, { effects: { connection: server.connection }, clock });

    expect(
      await screen.findByRole('heading', { name: "We couldn't load these prompts" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(connectionBanner()).toHaveTextContent(CONNECTION_TEXT.offline);

    // the first probe, 2 s later, still finds the server down: nothing changes
    await act(async () => clock.increment(2000));
    expect(server.state.probes).toBe(1);
    expect(connectionBanner()).toHaveTextContent(CONNECTION_TEXT.offline);
    const callsWhileDown = listPrompts.mock.calls.length;

    // the server is back; the next probe (4 s after the first) finds it, and the list loads again
    server.state.up = true;
    await act(async () => clock.increment(4000));
    expect(server.state.probes).toBe(2);
    const grid = await screen.findByRole('list', { name: 'All prompts' });
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    expect(listPrompts.mock.calls.length).toBe(callsWhileDown + 1);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(connectionBanner()).toHaveTextContent(CONNECTION_TEXT.restored);

    // "Back online." goes away after a moment
    await act(async () => clock.increment(3000));
    await waitFor(() => expect(connectionBanner()).toBeEmptyDOMElement());
  });

  it('the detail page loads its prompt when the connection returns, without a click', async () => {
    const clock = new SimulatedClock();
    const server = outage();
    const getPrompt = vi.fn(
      server.call(
        async () => ({ found: true, prompt: fullFixture(1, { title: 'Misty Alpine Lake' }) }) as const,
      ),
    );
    await renderApp(
      '/detail/misty-alpine-lake-1',
      { getPrompt },
      { effects: { connection: server.connection }, clock },
    );

    expect(await screen.findByRole('heading', { name: "We couldn't load this prompt" })).toBeInTheDocument();
    expect(connectionBanner()).toHaveTextContent(CONNECTION_TEXT.offline);

    server.state.up = true;
    await act(async () => clock.increment(2000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Misty Alpine Lake' })).toBeInTheDocument();
    expect(getPrompt).toHaveBeenCalledTimes(2);
    expect(connectionBanner()).toHaveTextContent(CONNECTION_TEXT.restored);
  });

  it('shows no banner while the API answers', async () => {
    await renderApp('/?sort=newest');
    await screen.findByRole('list', { name: 'All prompts' });
    expect(connectionBanner()).toBeEmptyDOMElement();
    expect(connectionBanner()).toHaveAttribute('data-connection', 'online');
  });
});

import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { ListQuery, PromptPage } from '../../../machines/domain/catalog.ts';
import type { PromptLookup } from '../../../machines/prompt-detail.ts';
import { createAppRouter } from '../../../src/router.tsx';
import { browserEffects, startAppSystem, type AppEffects } from '../../../src/system/app-system.ts';
import { AppSystemProvider } from '../../../src/system/react.tsx';
import { pageFixture } from '../../support/fixtures.ts';

export interface FakeEffects {
  listPrompts: ReturnType<typeof vi.fn<(query: ListQuery) => Promise<PromptPage>>>;
  getPrompt: ReturnType<typeof vi.fn<(id: string) => Promise<PromptLookup>>>;
}

/**
 * The whole SPA (root actor system + router) on a memory history at `path`, with fake catalog
 * fetchers: no network, the real machines and views.
 */
export async function renderApp(path: string, overrides: Partial<FakeEffects> = {}) {
  const fakes: FakeEffects = {
    listPrompts: overrides.listPrompts ?? vi.fn(async () => pageFixture(3)),
    getPrompt: overrides.getPrompt ?? vi.fn(async () => ({ found: false }) as const),
  };
  // Anything the fakes do not cover stays the real (browser) effect, so a new effect does not break these tests.
  const effects: AppEffects = { ...browserEffects(), ...fakes };
  const system = startAppSystem({ effects });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(system, history);
  const user = userEvent.setup();
  const view = render(
    <AppSystemProvider system={system}>
      <RouterProvider router={router} />
    </AppSystemProvider>,
  );
  // The shell is up once the fixed header is on screen.
  await screen.findByRole('banner');
  return { ...view, user, system, router, history, effects: fakes };
}

export const locationOf = (router: ReturnType<typeof createAppRouter>) => router.state.location;

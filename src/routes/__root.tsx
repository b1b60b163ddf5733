import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy } from 'react';
import type { AppSystem } from '../system/react.tsx';
import { AppShell } from '../shell/app-shell.tsx';

// Loaded when an address matches nothing (docs/decisions/006-lazy-page-machines.md).
const NotFoundView = lazy(() =>
  import('../ui/not-found-view.tsx').then((m) => ({ default: m.NotFoundView })),
);

export const Route = createRootRouteWithContext<{ system: AppSystem }>()({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: () => <NotFoundView />,
});

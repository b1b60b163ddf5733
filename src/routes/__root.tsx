import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { AppSystem } from '../system/react.tsx';
import { AppShell } from '../views/app-shell.tsx';
import { NotFoundView } from '../views/not-found-view.tsx';

export const Route = createRootRouteWithContext<{ system: AppSystem }>()({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: () => <NotFoundView />,
});

import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './router.tsx';
import { loadInspector } from './system/inspect.ts';
import { AppSystemProvider } from './system/react.tsx';
import { startAppSystem } from './system/app-system.ts';
import { bindAuthNavigation } from './effects/auth-redirect.ts';
import { navigation } from './effects/navigation.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/catalog.css';
import './styles/pages.css';
import './styles/commerce.css';
import './styles/history.css';
import './styles/inbox.css';
import './styles/account.css';

const inspect = await loadInspector();
const system = startAppSystem(inspect ? { inspect } : {});
const router = createAppRouter(system);
navigation.go = (href, options) => void router.navigate({ href, replace: options?.replace ?? false });
bindAuthNavigation(system, {
  navigate: (href) => void router.navigate({ href }),
  pathname: () => router.state.location.pathname,
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppSystemProvider system={system}>
      <RouterProvider router={router} />
    </AppSystemProvider>
  </StrictMode>,
);

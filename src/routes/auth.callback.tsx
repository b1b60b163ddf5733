import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../views/status-pages.tsx';

export const Route = createFileRoute('/auth/callback')({
  component: AuthCallbackPage,
});

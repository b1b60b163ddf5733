import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../auth/auth-callback-page.tsx';
import { startCallback, validateCallbackSearch } from './-lib/callback.ts';

export const Route = createFileRoute('/social-callback')({
  validateSearch: validateCallbackSearch,
  beforeLoad: startCallback,
  component: AuthCallbackPage,
});

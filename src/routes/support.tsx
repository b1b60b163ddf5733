import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../account/support-page.tsx';
import { ensureFor } from './-lib/ensure.ts';

export const Route = createFileRoute('/support')({
  beforeLoad: ensureFor('support'),
  component: SupportPage,
});

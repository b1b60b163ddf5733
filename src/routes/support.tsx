import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../views/support-page.tsx';
import { attachFor } from './-lib/attach.ts';

export const Route = createFileRoute('/support')({
  beforeLoad: attachFor('inbox'),
  component: SupportPage,
});

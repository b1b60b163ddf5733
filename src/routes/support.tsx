import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../views/support-page.tsx';

export const Route = createFileRoute('/support')({
  component: SupportPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../views/privacy-page.tsx';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

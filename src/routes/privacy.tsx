import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../shell/privacy-page.tsx';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

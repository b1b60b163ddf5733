import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/settings')({
  component: SettingsPage,
});

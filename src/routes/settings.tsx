import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../views/settings-page.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/settings')({
  beforeLoad: requireMember,
  component: SettingsPage,
});

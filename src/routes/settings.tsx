import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../views/settings-page.tsx';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/settings')({
  beforeLoad: memberPageWith('account'),
  component: SettingsPage,
});

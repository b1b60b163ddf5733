import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../account/settings-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/settings')({
  beforeLoad: ensureFor('settings'),
  component: SettingsPage,
});

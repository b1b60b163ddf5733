import { createFileRoute } from '@tanstack/react-router';
import { readRememberedEmail } from '../../account/remembered-email.ts';
import { SettingsPage } from '../../account/settings-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/settings')({
  beforeLoad: ensureFor('settings'),
  // which email this device remembers is read as the page opens (requirements §3 remember_email)
  loader: pageEntry('settings', () => ({ type: 'settings.load', rememberedEmail: readRememberedEmail() })),
  component: SettingsPage,
});

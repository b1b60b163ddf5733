import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../account/support-page.tsx';
import { ensureFor } from './-lib/ensure.ts';
import { pageEntry } from './-lib/page-entry.ts';

export const Route = createFileRoute('/support')({
  beforeLoad: ensureFor('support'),
  // open to everyone: who is looking (a member or a visitor) decides the form and the past requests;
  // opened again at another address of it
  loaderDeps: ({ search }) => search,
  loader: pageEntry('support', ({ member }) => ({ type: 'support.open', member }), 'anyone'),
  component: SupportPage,
});

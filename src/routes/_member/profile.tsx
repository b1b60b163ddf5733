import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../account/profile-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/profile')({
  beforeLoad: ensureFor('profile'),
  loader: pageEntry('profile', () => ({ type: 'profile.load' })),
  component: ProfilePage,
});

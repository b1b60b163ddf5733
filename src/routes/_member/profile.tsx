import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../account/profile-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/profile')({
  beforeLoad: ensureFor('profile'),
  component: ProfilePage,
});

import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../views/profile-page.tsx';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/profile')({
  beforeLoad: memberPageWith('account'),
  component: ProfilePage,
});

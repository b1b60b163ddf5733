import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../views/profile-page.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireMember,
  component: ProfilePage,
});

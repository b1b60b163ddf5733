import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../views/member-pages.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireMember,
  component: ProfilePage,
});

import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/profile')({
  component: ProfilePage,
});

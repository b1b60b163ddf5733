import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../views/member-pages.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/messages')({
  beforeLoad: requireMember,
  component: MessagesPage,
});

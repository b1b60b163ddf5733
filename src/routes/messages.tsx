import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/messages')({
  component: MessagesPage,
});

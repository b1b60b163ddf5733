import { createFileRoute } from '@tanstack/react-router';
import { FruitTransactionsPage } from '../views/member-pages.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/fruit-transactions')({
  beforeLoad: requireMember,
  component: FruitTransactionsPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { FruitTransactionsPage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/fruit-transactions')({
  component: FruitTransactionsPage,
});

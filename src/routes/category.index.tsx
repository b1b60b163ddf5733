import { createFileRoute } from '@tanstack/react-router';
import { CategoryIndexPage } from '../views/category-page.tsx';

export const Route = createFileRoute('/category/')({
  component: CategoryIndexPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { CategoryIndexPage } from '../views/category-page.tsx';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/category/')({
  beforeLoad: ({ context, preload }) => {
    if (!preload) sendSeoPage(context.system, 'CATEGORY', null, '/category');
  },
  component: CategoryIndexPage,
});

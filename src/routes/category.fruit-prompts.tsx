import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { CategoryPage } from '../views/category-page.tsx';
import { listQueryOf, validateListSearch } from './-lib/search.ts';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/category/fruit-prompts')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload }) => {
    if (preload) return;
    sendToSystem(context.system, 'promptList', {
      type: 'list.load',
      query: listQueryOf(search, { grade: 1 }),
    });
    sendSeoPage(context.system, 'CATEGORY', 'fruit_prompts', '/category/fruit-prompts');
  },
  component: function Category() {
    return <CategoryPage grade={1} search={Route.useSearch()} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { CategoryPage } from '../views/category-page.tsx';
import { listQueryOf, validateListSearch } from './-lib/search.ts';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/category/premium-prompts')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload }) => {
    if (preload) return;
    sendToSystem(context.system, 'promptList', {
      type: 'list.load',
      query: listQueryOf(search, { grade: 2 }),
    });
    sendSeoPage(context.system, 'CATEGORY', 'pay_prompts', '/category/premium-prompts');
  },
  component: function Category() {
    return <CategoryPage grade={2} search={Route.useSearch()} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { CategoryPage } from '../views/category-page.tsx';
import { listQueryOf, validateListSearch } from './-lib/search.ts';

export const Route = createFileRoute('/category/premium-prompts')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload }) => {
    if (!preload)
      sendToSystem(context.system, 'promptList', {
        type: 'list.load',
        query: listQueryOf(search, { grade: 2 }),
      });
  },
  component: function Category() {
    return <CategoryPage grade={2} search={Route.useSearch()} />;
  },
});

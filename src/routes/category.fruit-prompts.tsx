import { createFileRoute } from '@tanstack/react-router';
import { CATEGORIES } from '../../domain/catalog.ts';
import { CategoryPage } from '../catalog/category-page.tsx';
import { openCategory } from './-lib/category.ts';
import { validateListSearch } from '../catalog/list-search.ts';

const category = CATEGORIES[2];

export const Route = createFileRoute('/category/fruit-prompts')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload, location }) => {
    if (!preload) openCategory(context.system, location, category, search, null);
  },
  component: function Category() {
    return <CategoryPage category={category} search={Route.useSearch()} />;
  },
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { categoryByReference } from '../../domain/catalog.ts';
import { CategoryIndexPage, CategoryPage } from '../catalog/category-page.tsx';
import { CATEGORY_INDEX_PATH, openCategory } from './-lib/category.ts';
import { validateCategorySearch } from '../catalog/list-search.ts';
import { sendSeoPage } from './-lib/seo.ts';

/** `/category` lists the categories; `/category?id=free_prompts` (requirements §7) is that category. */
export const Route = createFileRoute('/category/')({
  validateSearch: validateCategorySearch,
  beforeLoad: ({ context, search, preload, location }) => {
    if (search.id === undefined) {
      if (!preload) sendSeoPage(context.system, 'CATEGORY', null, CATEGORY_INDEX_PATH);
      return;
    }
    const category = categoryByReference(search.id);
    if (category === null) throw notFound();
    if (!preload) openCategory(context.system, location, category, search, search.id);
  },
  component: function Categories() {
    const search = Route.useSearch();
    const category = search.id === undefined ? null : categoryByReference(search.id);
    return category ? <CategoryPage category={category} search={search} /> : <CategoryIndexPage />;
  },
});

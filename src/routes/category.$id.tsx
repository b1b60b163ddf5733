import { createFileRoute, notFound } from '@tanstack/react-router';
import { categoryByReference } from '../../domain/catalog.ts';
import { CategoryPage } from '../catalog/category-page.tsx';
import { openCategory } from './-lib/category.ts';
import { validateListSearch } from '../catalog/list-search.ts';

/**
 * `/category/{id}`: the param form of a category reference (requirements §7), e.g.
 * `/category/fruit_prompts`. The named paths (`/category/free-prompts`…) are their own routes.
 */
export const Route = createFileRoute('/category/$id')({
  params: {
    parse: (raw) => {
      const category = categoryByReference(raw.id);
      if (category === null) throw notFound();
      return { id: raw.id, category };
    },
    stringify: ({ id }) => ({ id }),
  },
  validateSearch: validateListSearch,
  beforeLoad: ({ context, params, search, preload, location }) => {
    if (!preload) openCategory(context.system, location, params.category, search, params.id);
  },
  component: function CategoryById() {
    const { category } = Route.useParams();
    return <CategoryPage category={category} search={Route.useSearch()} />;
  },
});

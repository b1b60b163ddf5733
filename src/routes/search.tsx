import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../catalog/search-page.tsx';
import { loadList } from './-lib/list.ts';
import { listQueryOf, validateSearchPage } from '../catalog/list-search.ts';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/search')({
  validateSearch: validateSearchPage,
  beforeLoad: ({ context, search, preload, location }) => {
    if (preload) return;
    if (search.q !== '') loadList(context.system, location, listQueryOf(search, { q: search.q }));
    sendSeoPage(
      context.system,
      'SEARCH',
      search.q || null,
      search.q ? `/search?q=${encodeURIComponent(search.q)}` : '/search',
    );
  },
  component: function Search() {
    return <SearchPage search={Route.useSearch()} />;
  },
});

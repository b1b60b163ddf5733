import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../views/search-page.tsx';
import { validateSearchPage } from './-lib/search.ts';

export const Route = createFileRoute('/search')({
  validateSearch: validateSearchPage,
  component: function Search() {
    return <SearchPage q={Route.useSearch().q} />;
  },
});

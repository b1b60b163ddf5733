import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { SearchPage } from '../views/search-page.tsx';
import { listQueryOf, validateSearchPage } from './-lib/search.ts';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/search')({
  validateSearch: validateSearchPage,
  beforeLoad: ({ context, search, preload }) => {
    if (preload) return;
    if (search.q !== '')
      sendToSystem(context.system, 'promptList', {
        type: 'list.load',
        query: listQueryOf(search, { q: search.q }),
      });
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

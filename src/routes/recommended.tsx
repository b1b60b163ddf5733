import { createFileRoute } from '@tanstack/react-router';
import { RecommendedPage } from '../catalog/recommended-page.tsx';
import { loadList } from './-lib/list.ts';
import { listQueryOf, validateListSearch } from '../catalog/list-search.ts';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/recommended')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload, location }) => {
    if (preload) return;
    loadList(context.system, location, listQueryOf(search, { source: 'recommended' }));
    sendSeoPage(context.system, 'CATEGORY', 'recommended', '/recommended');
  },
  component: function Recommended() {
    return <RecommendedPage search={Route.useSearch()} />;
  },
});

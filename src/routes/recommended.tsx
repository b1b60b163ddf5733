import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { RecommendedPage } from '../views/recommended-page.tsx';
import { listQueryOf, validateListSearch } from './-lib/search.ts';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/recommended')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload }) => {
    if (preload) return;
    sendToSystem(context.system, 'promptList', {
      type: 'list.load',
      query: listQueryOf(search, { source: 'recommended' }),
    });
    sendSeoPage(context.system, 'CATEGORY', 'recommended', '/recommended');
  },
  component: function Recommended() {
    return <RecommendedPage search={Route.useSearch()} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { HomePage } from '../views/home-page.tsx';
import { listQueryOf, validateListSearch } from './-lib/search.ts';

export const Route = createFileRoute('/')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload }) => {
    if (!preload)
      sendToSystem(context.system, 'promptList', { type: 'list.load', query: listQueryOf(search) });
  },
  component: function Home() {
    return <HomePage search={Route.useSearch()} />;
  },
});

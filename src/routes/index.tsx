import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem, systemActor } from '../app/app-system.ts';
import { HomePage } from '../catalog/home-page.tsx';
import { loadList } from './-lib/list.ts';
import { listQueryOf, validateListSearch } from '../catalog/list-search.ts';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload, location }) => {
    if (preload) return;
    loadList(context.system, location, listQueryOf(search));
    const shelves = systemActor(context.system, 'homeSections').getSnapshot();
    if (shelves.matches('idle') || shelves.matches('error'))
      sendToSystem(context.system, 'homeSections', { type: 'home.load' });
    sendSeoPage(context.system, 'HOME', null, '/');
  },
  component: function Home() {
    return <HomePage search={Route.useSearch()} />;
  },
});

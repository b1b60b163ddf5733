import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem, systemActor } from '../app/app-system.ts';
import { HomePage } from '../catalog/home-page.tsx';
import { loadList } from './-lib/list.ts';
import { listQueryOf, validateListSearch } from '../catalog/list-search.ts';
import { sendSeoPage } from './-lib/seo.ts';
import * as shelvesView from '../../machines/catalog/home-sections.selectors.ts';

export const Route = createFileRoute('/')({
  validateSearch: validateListSearch,
  beforeLoad: ({ context, search, preload, location }) => {
    if (preload) return;
    loadList(context.system, location, listQueryOf(search));
    if (shelvesView.wanted(systemActor(context.system, 'homeSections').getSnapshot()))
      sendToSystem(context.system, 'homeSections', { type: 'home.load' });
    sendSeoPage(context.system, 'HOME', null, '/');
  },
  component: function Home() {
    return <HomePage search={Route.useSearch()} />;
  },
});

import type { ListQuery } from '../../machines/domain/catalog.ts';
import { PageHeader } from './page-header.tsx';
import { PromptListView } from './prompt-list-view.tsx';

export function RecommendedPage({ search }: { search: Pick<ListQuery, 'type' | 'sort' | 'page'> }) {
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Hand-picked"
        title="Recommended"
        lead="The prompts people open, save and buy the most right now, across every generator and grade."
      />
      <PromptListView search={search} />
    </div>
  );
}

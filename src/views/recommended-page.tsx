import type { ListSearch } from '../routes/-lib/search.ts';
import { useSystemSelector } from '../system/react.tsx';
import { PageHeader } from './page-header.tsx';
import { PromptListView } from './prompt-list-view.tsx';

export const RECOMMENDED_LEADS = {
  personal: 'Picked for you from what you bought and viewed',
  popular: 'Most popular right now',
} as const;

export function RecommendedPage({ search }: { search: ListSearch }) {
  const mode = useSystemSelector('promptList', (s) =>
    s.context.query.source === 'recommended' && s.context.page ? (s.context.page.mode ?? 'popular') : null,
  );
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Hand-picked"
        title="Recommended"
        lead={mode === null ? 'Finding prompts for you…' : RECOMMENDED_LEADS[mode]}
      />
      <PromptListView search={search} options={{ gradeFilter: true }} />
    </div>
  );
}

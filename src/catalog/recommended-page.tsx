import type { ListSearch } from './list-search.ts';
import * as listView from '../../machines/catalog/prompt-list.selectors.ts';
import { useSystemSelector } from '../system/react.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { PromptListView } from './prompt-list-view.tsx';

const listed = (words: string[]): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** Why these prompts (issue 15): the tags a member's picks follow, or the best sellers' rule. */
export const recommendedLead = (mode: 'personal' | 'popular', because: string[] = []): string =>
  mode === 'personal' && because.length > 0
    ? `Because you bought, saved or viewed prompts tagged ${listed(because)}`
    : mode === 'personal'
      ? 'Picked for you from what you bought, saved and viewed'
      : 'Best sellers for each generator: Midjourney, DALL.E, ChatGPT and Kling in turn';

export function RecommendedPage({ search }: { search: ListSearch }) {
  const mode = useSystemSelector('promptList', listView.recommendedMode);
  const because = useSystemSelector('promptList', listView.recommendedBecause);
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Hand-picked"
        title="Recommended"
        lead={mode === null ? 'Finding prompts for you…' : recommendedLead(mode, because)}
      />
      <PromptListView search={search} options={{ gradeFilter: true }} />
    </div>
  );
}

import '../styles/catalog.css';
import { Link } from '@tanstack/react-router';
import { CATEGORIES, type PromptPage } from '../../domain/catalog.ts';
import type { SearchPageSearch } from './list-search.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { SearchIcon } from '../ui/icons.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { PromptListView } from './prompt-list-view.tsx';

export const resultCount = (total: number, q: string): string =>
  `${total.toLocaleString('en')} ${total === 1 ? 'result' : 'results'} for “${q}”`;

/** /search?q=…: the results for q (a projection of `promptList`), with filters and suggestions. */
export function SearchPage({ search }: { search: SearchPageSearch }) {
  const { q } = search;
  return (
    <div className="page page--wide search-page">
      <PageHeader
        eyebrow="Search"
        title={q ? `Results for “${q}”` : 'Search prompts'}
        lead={q ? undefined : 'Type a subject, a style or a tag in the search box at the top of the page.'}
      />
      {q ? (
        <PromptListView
          search={search}
          title={`Results for “${q}”`}
          options={{ gradeFilter: true, relevance: true }}
          countText={(total) => resultCount(total, q)}
          renderEmpty={(page) => <NoResults q={q} page={page} />}
        />
      ) : (
        <EmptyState
          icon={<SearchIcon size={28} />}
          title="What are you looking for?"
          actions={<CategoryChips />}
        >
          <p>Try “watercolor”, “cyberpunk city” or “product photo”. Or start from a category:</p>
        </EmptyState>
      )}
    </div>
  );
}

function CategoryChips() {
  return (
    <>
      {CATEGORIES.map((category) => (
        <Link key={category.path} to={category.path} className="chip">
          {category.label}
        </Link>
      ))}
    </>
  );
}

function NoResults({ q, page }: { q: string; page: PromptPage | null }) {
  const suggestions = page?.suggestions ?? [];
  return (
    <EmptyState
      icon={<SearchIcon size={28} />}
      title={`No results for “${q}”`}
      actions={
        suggestions.length > 0 ? (
          <nav className="chip-row" aria-label="Suggestions">
            {suggestions.map((word) => (
              <Link key={word} to="/search" search={{ q: word }} className="chip">
                {word}
              </Link>
            ))}
          </nav>
        ) : (
          <CategoryChips />
        )
      }
    >
      <p>
        {suggestions.length > 0
          ? 'Check the spelling, remove a filter, or try one of these instead:'
          : 'Check the spelling or remove a filter. Or browse a category:'}
      </p>
    </EmptyState>
  );
}

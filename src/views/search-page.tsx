import { Link } from '@tanstack/react-router';
import { CATEGORIES } from '../../machines/domain/catalog.ts';
import { EmptyState } from './empty-state.tsx';
import { SearchIcon } from './icons.tsx';
import { PageHeader } from './page-header.tsx';

/** /search?q=… Results come with the search issue; until then the page says so plainly. */
export function SearchPage({ q }: { q: string }) {
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Search"
        title={q ? `Results for “${q}”` : 'Search prompts'}
        lead={q ? undefined : 'Type a subject, a style or a tag in the search box at the top of the page.'}
      />
      <EmptyState
        icon={<SearchIcon size={28} />}
        title={q ? 'Search results will appear here' : 'What are you looking for?'}
        actions={
          <>
            {CATEGORIES.map((category) => (
              <Link key={category.path} to={category.path} className="chip">
                {category.label}
              </Link>
            ))}
          </>
        }
      >
        <p>
          {q
            ? 'Searching the catalog by keyword is being switched on. Meanwhile, every prompt is one click away in the categories below.'
            : 'Try “watercolor”, “cyberpunk city” or “product photo”. Or start from a category:'}
        </p>
      </EmptyState>
    </div>
  );
}

import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import {
  GENERATOR_TYPES,
  GENERATORS,
  SORTS,
  type ListQuery,
  type Sort,
} from '../../machines/domain/catalog.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { EmptyState } from './empty-state.tsx';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, ImageIcon } from './icons.tsx';
import { PromptCard, PromptCardSkeleton } from './prompt-card.tsx';

/** Cards in the first row load at once; the rest wait until they are scrolled near. */
const FIRST_ROW = 4;
const SKELETON_COUNT = 8;

type ListSearch = Pick<ListQuery, 'type' | 'sort' | 'page'>;

const SORT_LABELS: Record<Sort, string> = {
  trending: 'Trending',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

type ListStatus = 'loading' | 'error' | 'ready';

/**
 * The catalog grid: a projection of the `promptList` actor (tags `loading`, `error`, `ready`).
 * The route owns the query; this view only links to other queries and asks for a retry.
 */
export function PromptListView({
  search,
  emptyText,
  title = 'Prompts',
  titleHidden = true,
}: {
  search: ListSearch;
  emptyText?: string;
  title?: string;
  titleHidden?: boolean;
}) {
  const titleId = useId();
  const listActor = useSystemActor('promptList');
  const status = useSystemSelector('promptList', (snapshot): ListStatus =>
    snapshot.hasTag('error') ? 'error' : snapshot.hasTag('ready') ? 'ready' : 'loading',
  );
  const page = useSystemSelector('promptList', (snapshot) => snapshot.context.page);
  const error = useSystemSelector('promptList', (snapshot) => snapshot.context.error);

  const totalPages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const current = page?.page ?? search.page ?? 1;

  return (
    <section
      className="catalog"
      aria-labelledby={titleId}
      aria-busy={status === 'loading'}
      data-state={status}
    >
      <h2 id={titleId} className={titleHidden ? 'visually-hidden' : 'section-title'}>
        {title}
      </h2>
      <FilterBar search={search} />
      {status === 'loading' ? (
        <>
          <p className="catalog__count" role="status">
            Loading prompts…
          </p>
          <div className="prompt-grid">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <PromptCardSkeleton key={i} />
            ))}
          </div>
        </>
      ) : status === 'error' ? (
        <EmptyState
          tone="error"
          icon={<AlertIcon size={28} />}
          title="We couldn't load these prompts"
          actions={
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => listActor.send({ type: 'list.retry' })}
            >
              Try again
            </button>
          }
        >
          <p role="alert">{error ?? 'The prompts could not be loaded.'}</p>
        </EmptyState>
      ) : !page || page.data.length === 0 ? (
        <EmptyState
          icon={<ImageIcon size={28} />}
          title="No prompts here yet"
          actions={
            <Link to="/" className="btn btn--secondary">
              Browse all prompts
            </Link>
          }
        >
          <p>
            {emptyText ?? 'Nothing matches these filters right now. Try another generator or sort order.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="catalog__count">
            {page.total.toLocaleString('en')} {page.total === 1 ? 'prompt' : 'prompts'}
            {totalPages > 1 ? ` · page ${current} of ${totalPages}` : ''}
          </p>
          <ul className="prompt-grid" aria-labelledby={titleId}>
            {page.data.map((prompt, index) => (
              <li key={prompt.id}>
                <PromptCard prompt={prompt} eager={index < FIRST_ROW} />
              </li>
            ))}
          </ul>
          {totalPages > 1 ? <Pagination current={current} totalPages={totalPages} /> : null}
        </>
      )}
    </section>
  );
}

function FilterBar({ search }: { search: ListSearch }) {
  const navigate = useNavigate();
  const sort = search.sort ?? 'trending';
  return (
    <div className="filter-bar">
      <nav className="chip-row" aria-label="Generator">
        <Link
          to="."
          search={(prev) => ({ ...prev, type: undefined, page: undefined })}
          className="chip"
          aria-current={search.type === undefined ? 'true' : undefined}
        >
          All generators
        </Link>
        {GENERATOR_TYPES.map((type) => (
          <Link
            key={type}
            to="."
            search={(prev) => ({ ...prev, type, page: undefined })}
            className={`chip chip--generator-${type}`}
            aria-current={search.type === type ? 'true' : undefined}
          >
            {GENERATORS[type]}
          </Link>
        ))}
      </nav>
      <label className="sort-select">
        <span className="sort-select__label">Sort by</span>
        <select
          value={sort}
          onChange={(event) => {
            const next = SORTS.find((s) => s === event.target.value);
            void navigate({
              to: '.',
              search: (prev) => ({ ...prev, sort: next === 'trending' ? undefined : next, page: undefined }),
            });
          }}
        >
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Pagination({ current, totalPages }: { current: number; totalPages: number }) {
  const pageSearch = (page: number) => (prev: Record<string, unknown>) => ({
    ...prev,
    page: page > 1 ? page : undefined,
  });
  return (
    <nav className="pagination" aria-label="Pagination">
      {current > 1 ? (
        <Link to="." search={pageSearch(current - 1)} className="btn btn--secondary" rel="prev">
          <ChevronLeftIcon size={18} /> Previous
        </Link>
      ) : (
        <span className="btn btn--secondary" aria-disabled="true">
          <ChevronLeftIcon size={18} /> Previous
        </span>
      )}
      <span className="pagination__status">
        Page {current} of {totalPages}
      </span>
      {current < totalPages ? (
        <Link to="." search={pageSearch(current + 1)} className="btn btn--secondary" rel="next">
          Next <ChevronRightIcon size={18} />
        </Link>
      ) : (
        <span className="btn btn--secondary" aria-disabled="true">
          Next <ChevronRightIcon size={18} />
        </span>
      )}
    </nav>
  );
}

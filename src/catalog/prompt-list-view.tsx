import '../styles/catalog.css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import {
  GENERATOR_TYPES,
  GENERATORS,
  GRADE_VALUES,
  SORTS,
  type Grade,
  type PromptPage,
  type Sort,
} from '../../domain/catalog.ts';
import type { ListSearch } from './list-search.ts';
import * as listView from '../../machines/catalog/prompt-list.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { AlertIcon, CloseIcon, ImageIcon } from '../ui/first-paint-icons.tsx';
import { ChipLinks, PageLinks } from '../ui/page-links.tsx';
import { PromptCard, PromptCardSkeleton } from './prompt-card.tsx';
import { useSessionView } from '../auth/use-session.ts';

/** Cards in the first row load at once; the rest wait until they are scrolled near. */
const FIRST_ROW = 4;
const SKELETON_COUNT = 8;

const GRADE_LABELS: Record<Grade, string> = { 0: 'Free', 1: 'FruitCoin', 2: 'Premium' };

/** Which filters a page offers (a category fixes the grade, so it has no grade chips). */
export interface ListOptions {
  gradeFilter?: boolean;
  /** Search: "Relevance" is the default order (the server's, when q is given). */
  relevance?: boolean;
}

const SORT_LABELS: Record<Sort, string> = {
  trending: 'Trending',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/**
 * The catalog grid: a projection of the `promptList` actor (tags `loading`, `error`, `ready`).
 * The route owns the query; this view only links to other queries and asks for a retry.
 */
export function PromptListView({
  search,
  emptyText,
  title = 'Prompts',
  titleHidden = true,
  options = {},
  countText,
  renderEmpty,
  firstOnScreen = true,
}: {
  search: ListSearch;
  /**
   * The grid starts the page (its first row loads at once, its first image first); false where something
   * stands above it (the home page's shelves), whose images come first instead.
   */
  firstOnScreen?: boolean;
  emptyText?: string;
  title?: string;
  titleHidden?: boolean;
  options?: ListOptions;
  /** The line above the grid, e.g. "24 results for “portrait”". */
  countText?: (total: number) => string;
  /** Replaces the default empty state (search suggestions). */
  renderEmpty?: (page: PromptPage | null) => ReactNode;
}) {
  const titleId = useId();
  const listActor = useSystemActor('promptList');
  const status = useSystemSelector('promptList', listView.status);
  const page = useSystemSelector('promptList', listView.page);
  const error = useSystemSelector('promptList', listView.error);

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
      <FilterBar search={search} options={options} />
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
      ) : (!page || page.data.length === 0) && renderEmpty ? (
        renderEmpty(page)
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
            {countText
              ? countText(page.total)
              : `${page.total.toLocaleString('en')} ${page.total === 1 ? 'prompt' : 'prompts'}`}
            {totalPages > 1 ? ` · page ${current} of ${totalPages}` : ''}
          </p>
          <ul className="prompt-grid" aria-labelledby={titleId}>
            {page.data.map((prompt, index) => (
              <li key={prompt.id}>
                <PromptCard
                  prompt={prompt}
                  eager={firstOnScreen && index < FIRST_ROW}
                  priority={firstOnScreen && index === 0}
                />
              </li>
            ))}
          </ul>
          <PageLinks current={current} totalPages={totalPages} />
        </>
      )}
    </section>
  );
}

function FilterBar({ search, options }: { search: ListSearch; options: ListOptions }) {
  const navigate = useNavigate();
  const loggedIn = useSessionView() === 'loggedIn';
  const [tagText, setTagText] = useState('');
  const sort = search.sort ?? (options.relevance ? '' : 'trending');
  const tags = search.tags ?? [];
  const setTags = (next: string[]) =>
    void navigate({
      to: '.',
      search: (prev: ListSearch) => ({
        ...prev,
        tags: next.length > 0 ? [...new Set(next)].sort() : undefined,
        page: undefined,
      }),
    });
  return (
    <div className="filter-bar">
      <div className="filter-bar__chips">
        <ChipLinks
          label="Generator"
          currentToken="true"
          choices={[
            {
              key: 'all',
              label: 'All generators',
              search: (prev: ListSearch) => ({ ...prev, type: undefined, page: undefined }),
              current: search.type === undefined,
            },
            ...GENERATOR_TYPES.map((type) => ({
              key: String(type),
              label: GENERATORS[type],
              search: (prev: ListSearch) => ({ ...prev, type, page: undefined }),
              current: search.type === type,
              className: `chip--generator-${type}`,
            })),
          ]}
        />
        {options.gradeFilter ? (
          <ChipLinks
            label="Grade"
            currentToken="true"
            choices={[
              {
                key: 'any',
                label: 'Any price',
                search: (prev: ListSearch) => ({ ...prev, grade: undefined, page: undefined }),
                current: search.grade === undefined,
              },
              ...GRADE_VALUES.map((grade) => ({
                key: String(grade),
                label: GRADE_LABELS[grade],
                search: (prev: ListSearch) => ({ ...prev, grade, page: undefined }),
                current: search.grade === grade,
              })),
            ]}
          />
        ) : null}
        <div className="chip-row" role="group" aria-label="Tags and saved">
          {loggedIn || search.saved === 1 ? (
            <Link
              to="."
              search={(prev: ListSearch) => ({
                ...prev,
                saved: search.saved === 1 ? undefined : 1,
                page: undefined,
              })}
              className="chip chip--saved"
              aria-current={search.saved === 1 ? 'true' : undefined}
            >
              Saved
            </Link>
          ) : null}
          {tags.map((tag) => (
            <button
              key={tag}
              type="button"
              className="chip chip--tag chip--removable"
              aria-label={`Remove tag ${tag}`}
              onClick={() => setTags(tags.filter((t) => t !== tag))}
            >
              #{tag} <CloseIcon size={14} />
            </button>
          ))}
          <form
            className="tag-adder"
            onSubmit={(event) => {
              event.preventDefault();
              const tag = tagText.trim().toLowerCase().replace(/^#/, '');
              if (tag) setTags([...tags, tag]);
              setTagText('');
            }}
          >
            <input
              type="text"
              className="tag-adder__input"
              aria-label="Filter by tag"
              placeholder="#tag"
              value={tagText}
              maxLength={40}
              onChange={(event) => setTagText(event.target.value)}
            />
          </form>
        </div>
      </div>
      <label className="sort-select">
        <span className="sort-select__label">Sort by</span>
        <select
          value={sort}
          onChange={(event) => {
            const next = SORTS.find((s) => s === event.target.value);
            const isDefault = options.relevance ? next === undefined : next === 'trending';
            void navigate({
              to: '.',
              search: (prev: ListSearch) => ({
                ...prev,
                sort: isDefault ? undefined : next,
                page: undefined,
              }),
            });
          }}
        >
          {options.relevance ? <option value="">Relevance</option> : null}
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

import '../styles/catalog.css';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './first-paint-icons.tsx';

/**
 * Links to another query of the same page are "current" only for exactly that query (the router
 * would otherwise mark `/orders` current on `/orders?page=2`, with `aria-current="page"`).
 */
export const EXACT_QUERY = { exact: true, includeSearch: true } as const;

/** Previous / Next as links to `?page=`, so every page is an address to share or go back to. */
export function PageLinks({ current, totalPages }: { current: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const pageSearch = (page: number) => (prev: Record<string, unknown>) => ({
    ...prev,
    page: page > 1 ? page : undefined,
  });
  return (
    <nav className="pagination" aria-label="Pagination">
      {current > 1 ? (
        <Link
          to="."
          search={pageSearch(current - 1)}
          activeOptions={EXACT_QUERY}
          className="btn btn--secondary"
          rel="prev"
        >
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
        <Link
          to="."
          search={pageSearch(current + 1)}
          activeOptions={EXACT_QUERY}
          className="btn btn--secondary"
          rel="next"
        >
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

/** One choice of a row of chips: its words and the search it opens (the page's own search with it). */
export interface ChipChoice {
  key: string;
  label: ReactNode;
  /** The search of the address it links to (an object, or a change of the current search). */
  search: Record<string, unknown> | ((prev: never) => Record<string, unknown>);
  current: boolean;
  className?: string;
}

/**
 * A row of chips that are links to other queries of the same page (a tab, a filter): the one shown
 * is `aria-current` (`page` for tabs, `true` for filters among others).
 */
export function ChipLinks({
  label,
  choices,
  className,
  currentToken = 'page',
}: {
  label: string;
  choices: ChipChoice[];
  className?: string;
  currentToken?: 'page' | 'true';
}) {
  return (
    <nav className={className ? `chip-row ${className}` : 'chip-row'} aria-label={label}>
      {choices.map((choice) => (
        <Link
          key={choice.key}
          to="."
          search={choice.search as never}
          activeOptions={EXACT_QUERY}
          className={choice.className ? `chip ${choice.className}` : 'chip'}
          aria-current={choice.current ? currentToken : undefined}
        >
          {choice.label}
        </Link>
      ))}
    </nav>
  );
}

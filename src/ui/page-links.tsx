import '../styles/catalog.css';
import { Link } from '@tanstack/react-router';
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

// The heart of cards and the prompt page, apart from the prompt page's other actions
// (prompt-actions.tsx) so a list page loads without them.
import '../styles/catalog.css';
import { useMemo } from 'react';
import * as favoritesView from '../../machines/catalog/favorites.selectors.ts';
import { useMemberSelector, useMemberSend } from '../system/react.tsx';
import type { PromptActionProps } from '../ui/prompt-action.ts';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4.7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart (favourites): pressed when the prompt is in `favorites.ids`. A visitor's press opens the
 * login dialog (the machine does that by itself).
 */
export function HeartButton({ promptId, title, className = '' }: PromptActionProps) {
  // a visitor's first visit has no favorites machine: an empty heart until it runs
  const send = useMemberSend('favorites');
  const saved = useMemberSelector(
    'favorites',
    useMemo(() => favoritesView.savedOf(promptId), [promptId]),
    false,
  );
  const name = title
    ? saved
      ? `Remove ${title} from saved`
      : `Save ${title}`
    : saved
      ? 'Remove from saved'
      : 'Save prompt';
  return (
    <button
      type="button"
      className={`heart-btn ${saved ? 'heart-btn--on' : ''} ${className}`.trim()}
      aria-pressed={saved}
      aria-label={name}
      title={name}
      onClick={() => send({ type: 'favorites.toggle', promptId })}
    >
      <HeartIcon filled={saved} />
    </button>
  );
}

import { useMatch, useNavigate } from '@tanstack/react-router';
import { useId, useRef, type FormEvent } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../domain/search-query.ts';
import { SearchIcon } from '../ui/first-paint-icons.tsx';

/**
 * The header search (requirements §2): goes to /search?q={trimmed text}; blank text is ignored. The
 * field is uncontrolled and keyed on the current query, so /search shows what was searched for.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const currentQuery =
    useMatch({ from: '/search', shouldThrow: false, select: (match) => match.search.q }) ?? '';
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (!q) {
      // On phones the collapsed box is just its button: pressing it opens the field.
      inputRef.current?.focus();
      return;
    }
    inputRef.current?.blur();
    void navigate({ to: '/search', search: { q } });
  };

  return (
    <form role="search" className="search-box" action="/search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search prompts
      </label>
      <input
        key={currentQuery}
        ref={inputRef}
        id={inputId}
        className="search-box__input"
        type="search"
        name="q"
        defaultValue={currentQuery}
        placeholder="Search prompts, styles, tags…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
      />
      <button type="submit" className="search-box__submit" aria-label="Search">
        <SearchIcon size={18} />
      </button>
    </form>
  );
}

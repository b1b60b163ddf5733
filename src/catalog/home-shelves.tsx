import '../styles/catalog.css';
import { Link, type LinkProps } from '@tanstack/react-router';
import { shelfLayout } from '../../domain/card-image.ts';
import type { HomeSection } from '../../machines/catalog/home-sections.ts';
import * as shelvesView from '../../machines/catalog/home-sections.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { ArrowRightIcon } from '../ui/first-paint-icons.tsx';
import { PromptCard } from './prompt-card.tsx';

/** Where each shelf's "See all" goes: the matching filtered list. */
const SEE_ALL: Record<string, Pick<LinkProps, 'to' | 'search'>> = {
  trending: { to: '/', search: { sort: 'trending' } },
  newest: { to: '/', search: { sort: 'newest' } },
  free: { to: '/category/free-prompts' },
  midjourney: { to: '/', search: { type: 1 } },
  dalle: { to: '/', search: { type: 2 } },
  chatgpt: { to: '/', search: { type: 3 } },
  kling: { to: '/', search: { type: 4 } },
};

/** The home page's shelves: a projection of `homeSections` (loaded by the home route). */
export function HomeShelves() {
  const actor = useSystemActor('homeSections');
  const sections = useSystemSelector('homeSections', shelvesView.sections);
  const failed = useSystemSelector('homeSections', shelvesView.failed);
  const loading = useSystemSelector('homeSections', shelvesView.loading);
  if (failed)
    return (
      <p className="shelves__error" role="status">
        Some sections could not be loaded.{' '}
        <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'home.retry' })}>
          Reload sections
        </button>
      </p>
    );
  if (loading && sections.length === 0) return null;
  return (
    <div className="shelves">
      {sections
        .filter((section) => section.data.length > 0)
        .map((section, index) => (
          <Shelf key={section.key} section={section} first={index === 0} />
        ))}
    </div>
  );
}

/** Cards of the first shelf that a wide screen shows before any scrolling: they load at once. */
const FIRST_SHELF_EAGER = 5;

/** `first`: the top shelf, on screen at first paint (its first image is the page's largest paint). */
function Shelf({ section, first }: { section: HomeSection; first: boolean }) {
  const headingId = `shelf-${section.key}`;
  const target = SEE_ALL[section.key] ?? { to: '/' };
  return (
    <section className="shelf" aria-labelledby={headingId}>
      <div className="shelf__head">
        <h2 id={headingId} className="section-title">
          {section.title}
        </h2>
        <Link {...target} className="shelf__all" aria-label={`See all: ${section.title}`}>
          See all <ArrowRightIcon size={16} />
        </Link>
      </div>
      <ul className="shelf__row" aria-labelledby={headingId}>
        {section.data.map((prompt, index) => (
          <li key={prompt.id} className="shelf__item">
            <PromptCard
              prompt={prompt}
              layout={shelfLayout(section.data.length)}
              eager={first && index < FIRST_SHELF_EAGER}
              priority={first && index === 0}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

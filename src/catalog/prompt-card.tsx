import '../styles/catalog.css';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { cardImage, type CardLayout } from '../../domain/card-image.ts';
import {
  GENERATORS,
  SEARCH_MARK_END,
  SEARCH_MARK_START,
  type PromptCard as PromptCardData,
} from '../../domain/catalog.ts';
import { AddToCartButton } from '../commerce/add-to-cart-button.tsx';
import { GradeBadge } from './grade-badge.tsx';
import { HeartButton } from './heart-button.tsx';
import { useSessionView } from '../auth/use-session.ts';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
export const compactNumber = (n: number): string => compact.format(n);

/**
 * One catalog card; the title link covers the whole card. Its image offers the card widths for where the
 * card is shown (`layout`, domain/card-image.ts); `eager` loads it at once, `priority` (the first card
 * of a page, a likely LCP element) also asks for it before other images.
 */
export function PromptCard({
  prompt,
  eager = false,
  priority = false,
  layout = 'grid',
}: {
  prompt: PromptCardData;
  eager?: boolean;
  priority?: boolean;
  layout?: CardLayout;
}) {
  const loggedIn = useSessionView() === 'loggedIn';
  const owned = loggedIn && prompt.grade > 0 && prompt.hasAccess === 1;
  // FruitCoin and premium prompts the member does not own can go in the cart (visitors are asked to log in)
  const buyable = prompt.grade > 0 && !owned;
  const image = cardImage(prompt.image, layout);
  return (
    <article className="prompt-card">
      <div className="prompt-card__media">
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          width={prompt.image.width}
          height={prompt.image.height}
          alt={prompt.image.alt || prompt.title}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
        <span className={`generator-pill generator-pill--${prompt.generatorType}`}>
          {GENERATORS[prompt.generatorType]}
        </span>
        {owned ? <span className="owned-pill">{prompt.grade === 1 ? 'Unlocked' : 'Owned'}</span> : null}
      </div>
      <HeartButton promptId={prompt.id} title={prompt.title} className="prompt-card__heart" />
      <div className="prompt-card__body">
        <h3 className="prompt-card__title">
          <Link to="/detail/$slugId" params={{ slugId: prompt.slugId }} className="prompt-card__link">
            {prompt.match ? <Highlighted text={prompt.match.title} /> : prompt.title}
          </Link>
        </h3>
        {prompt.match ? (
          <p className="prompt-card__excerpt">
            <Highlighted text={prompt.match.excerpt} />
          </p>
        ) : null}
        <div className="prompt-card__meta">
          <GradeBadge prompt={prompt} />
          <span className="prompt-card__views">{compactNumber(prompt.views)} views</span>
        </div>
        {buyable ? (
          <div className="prompt-card__buy">
            <AddToCartButton promptId={prompt.id} title={prompt.title} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

/**
 * Search answers mark matched words between U+E000 and U+E001: split on them and render <mark>,
 * never HTML. An unbalanced mark simply runs to the end of the text.
 */
export function Highlighted({ text }: { text: string }) {
  const parts: { text: string; marked: boolean }[] = [];
  for (const [i, chunk] of text.split(SEARCH_MARK_START).entries()) {
    if (i === 0) {
      if (chunk) parts.push({ text: chunk.replaceAll(SEARCH_MARK_END, ''), marked: false });
      continue;
    }
    const end = chunk.indexOf(SEARCH_MARK_END);
    const marked = end === -1 ? chunk : chunk.slice(0, end);
    const rest = end === -1 ? '' : chunk.slice(end + 1).replaceAll(SEARCH_MARK_END, '');
    if (marked) parts.push({ text: marked, marked: true });
    if (rest) parts.push({ text: rest, marked: false });
  }
  return (
    <>
      {parts.map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}

export function PromptCardSkeleton() {
  return (
    <div className="prompt-card prompt-card--skeleton" aria-hidden="true">
      <div className="prompt-card__media skeleton" />
      <div className="prompt-card__body">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

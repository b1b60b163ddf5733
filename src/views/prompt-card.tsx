import { Link } from '@tanstack/react-router';
import { GENERATORS, type PromptCard as PromptCardData } from '../../machines/domain/catalog.ts';
import { GradeBadge } from './grade-badge.tsx';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
export const compactNumber = (n: number): string => compact.format(n);

/** One catalog card; the title link covers the whole card. */
export function PromptCard({ prompt, eager = false }: { prompt: PromptCardData; eager?: boolean }) {
  return (
    <article className="prompt-card">
      <div className="prompt-card__media">
        <img
          src={prompt.image.url}
          width={prompt.image.width}
          height={prompt.image.height}
          alt={prompt.image.alt || prompt.title}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className={`generator-pill generator-pill--${prompt.generatorType}`}>
          {GENERATORS[prompt.generatorType]}
        </span>
      </div>
      <div className="prompt-card__body">
        <h3 className="prompt-card__title">
          <Link to="/detail/$slugId" params={{ slugId: prompt.slugId }} className="prompt-card__link">
            {prompt.title}
          </Link>
        </h3>
        <div className="prompt-card__meta">
          <GradeBadge prompt={prompt} />
          <span className="prompt-card__views">{compactNumber(prompt.views)} views</span>
        </div>
      </div>
    </article>
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

import '../styles/catalog.css';
import '../styles/detail.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { shelfLayout } from '../../domain/card-image.ts';
import { detailImage } from '../../domain/detail-image.ts';
import { CATEGORIES, formatPrice, GENERATORS, type PromptFull } from '../../domain/catalog.ts';
import * as detailView from '../../machines/catalog/prompt-detail.selectors.ts';
import * as fillerView from '../../machines/catalog/template-filler.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { LoadFailed } from '../ui/load-failed.tsx';
import { GradeBadge } from './grade-badge.tsx';
import { ChevronRightIcon, LockIcon } from '../ui/icons.tsx';
import { compactNumber, PromptCard, PromptCardSkeleton } from './prompt-card.tsx';
import { NotFoundView } from '../ui/not-found-view.tsx';
import { LoginButton } from '../auth/login-button.tsx';
import { useSessionView } from '../auth/use-session.ts';
import { HeartButton, ShareButton, TemplateFiller } from './prompt-actions.tsx';
import { AddToCartButton } from '../commerce/add-to-cart-button.tsx';
import { BuyNowButton } from '../commerce/buy-now-button.tsx';
import { CheckoutDialog } from '../commerce/checkout-dialog.tsx';

/** A projection of the `promptDetail` actor (tags `loading`, `error`, `notFound`, `ready`). */
export function PromptDetailView() {
  const detailActor = useSystemActor('promptDetail');
  const status = useSystemSelector('promptDetail', detailView.status);
  const prompt = useSystemSelector('promptDetail', detailView.prompt);
  const error = useSystemSelector('promptDetail', detailView.error);

  if (status === 'notFound') {
    return (
      <NotFoundView title="Prompt Not Found">
        This prompt doesn't exist or is no longer for sale. Have a look at what's new instead.
      </NotFoundView>
    );
  }
  if (status === 'error') {
    return (
      <div className="page page--narrow">
        <LoadFailed
          title="We couldn't load this prompt"
          message={error ?? 'The prompt could not be loaded.'}
          onRetry={() => detailActor.send({ type: 'detail.retry' })}
          more={
            <Link to="/" className="btn btn--secondary">
              Back to all prompts
            </Link>
          }
        />
      </div>
    );
  }
  if (!prompt) return <DetailSkeleton />;
  return <PromptDetail prompt={prompt} />;
}

function PromptDetail({ prompt }: { prompt: PromptFull }) {
  const category = CATEGORIES.find((c) => c.grade === prompt.grade);
  const images = prompt.images.length > 0 ? prompt.images : [prompt.image];
  const [cover, ...more] = images;
  const template = prompt.promptDetail.template;
  const member = useSessionView() === 'loggedIn';
  const owned = member && prompt.grade > 0 && prompt.hasAccess === 1;
  // A locked prompt's price and action belong on the first screen: its panel sits beside the title
  // (on phones its price and buttons become a bar at the bottom); the template needs the full width.
  const promptSection = (
    <section
      className={`detail__prompt${template === null ? ' detail__prompt--locked' : ''}`}
      aria-labelledby="prompt-heading"
    >
      <h2 id="prompt-heading">The prompt</h2>
      {template !== null ? (
        <PromptTemplate prompt={prompt} template={template} />
      ) : (
        <LockedPanel prompt={prompt} />
      )}
    </section>
  );

  return (
    <article className={`page detail${template === null ? ' detail--locked' : ''}`} data-state="ready">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">All Prompts</Link>
          </li>
          {category && category.path !== '/' ? (
            <li>
              <ChevronRightIcon size={14} />
              <Link to={category.path}>{category.label}</Link>
            </li>
          ) : null}
          <li>
            <ChevronRightIcon size={14} />
            <span aria-current="page">{prompt.title}</span>
          </li>
        </ol>
      </nav>

      <div className="detail__layout">
        <div className="detail__gallery">
          {cover ? (
            <figure className="detail__cover">
              {/* the page's LCP element: fetched first, at the width it is shown */}
              <img
                {...detailImage(cover, 'cover')}
                width={cover.width}
                height={cover.height}
                alt={cover.alt || prompt.title}
                fetchPriority="high"
              />
            </figure>
          ) : null}
          {more.length > 0 ? (
            <ul className="detail__thumbs" aria-label="More examples">
              {more.map((image) => (
                <li key={image.url}>
                  <img
                    {...detailImage(image, 'thumb')}
                    width={image.width}
                    height={image.height}
                    alt={image.alt}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="detail__info">
          <div className="detail__eyebrow">
            <span className={`generator-pill generator-pill--inline generator-pill--${prompt.generatorType}`}>
              {GENERATORS[prompt.generatorType]}
            </span>
            <GradeBadge prompt={prompt} size="lg" />
            {owned ? (
              <span className="owned-pill owned-pill--inline">
                {prompt.grade === 1 ? 'Unlocked' : 'Owned'}
              </span>
            ) : null}
          </div>
          <h1 className="detail__title">{prompt.title}</h1>
          <p className="detail__stats">
            {compactNumber(prompt.views)} views · {compactNumber(prompt.sales)}{' '}
            {prompt.grade === 0 ? 'saves' : 'sold'}
          </p>
          {template === null ? promptSection : null}
          <div className="detail__actions">
            <HeartButton promptId={prompt.id} />
            <ShareButton promptId={prompt.id} />
          </div>
          <p className="detail__description">{prompt.description}</p>
          {prompt.tags.length > 0 ? (
            <ul className="tag-list" aria-label="Tags">
              {prompt.tags.map((tag) => (
                <li key={tag}>
                  <Link to="/search" search={{ q: tag }} className="chip chip--tag">
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <dl className="detail__facts">
            <div>
              <dt>Generator</dt>
              <dd>{GENERATORS[prompt.generatorType]}</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>{formatPrice(prompt)}</dd>
            </div>
            <div>
              <dt>Variables</dt>
              <dd>{prompt.promptDetail.variables.length}</dd>
            </div>
          </dl>
        </div>
      </div>

      {template !== null ? promptSection : null}

      <RelatedPrompts />
      {/* "Buy now": the dialog outlives the locked panel, which goes once the prompt is unlocked */}
      {member ? <CheckoutDialog source="buyNow" /> : null}
    </article>
  );
}

/** Loads the template into `templateFiller` on mount (never from render), then projects it. */
function PromptTemplate({ prompt, template }: { prompt: PromptFull; template: string }) {
  const filler = useSystemActor('templateFiller');
  const variables = prompt.promptDetail.variables;
  useEffect(() => {
    filler.send({ type: 'template.load', promptId: prompt.id, template, variables });
  }, [filler, prompt.id, template, variables]);
  const loaded = useSystemSelector(
    'templateFiller',
    useMemo(() => fillerView.loadedFor(prompt.id, template), [prompt.id, template]),
  );
  if (!loaded) return null;
  return <TemplateFiller generatorType={prompt.generatorType} />;
}

/** The `ready` region of `promptDetail`: related prompts load after the prompt, and fail on their own. */
function RelatedPrompts() {
  const detailActor = useSystemActor('promptDetail');
  const related = useSystemSelector('promptDetail', detailView.related);
  const phase = useSystemSelector('promptDetail', detailView.relatedPhase);
  if (phase === 'shown' && related.length === 0) return null;
  return (
    <section
      className="shelf detail__related"
      aria-labelledby="related-heading"
      aria-busy={phase === 'loading'}
    >
      <div className="shelf__head">
        <h2 id="related-heading" className="section-title">
          You may also like
        </h2>
      </div>
      {phase === 'failed' ? (
        <p className="shelves__error" role="status">
          Related prompts could not be loaded.{' '}
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => detailActor.send({ type: 'detail.relatedRetry' })}
          >
            Try again
          </button>
        </p>
      ) : (
        <ul className="shelf__row" aria-labelledby="related-heading">
          {related.length > 0
            ? related.map((card) => (
                <li key={card.id} className="shelf__item">
                  <PromptCard prompt={card} layout={shelfLayout(related.length)} />
                </li>
              ))
            : Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="shelf__item" aria-hidden="true">
                  <PromptCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

function LockedPanel({ prompt }: { prompt: PromptFull }) {
  const variables = prompt.promptDetail.variables.length;
  const member = useSessionView() === 'loggedIn';
  const fillIns =
    variables > 0 ? ` and its ${variables} fill-in ${variables === 1 ? 'variable' : 'variables'}` : '';
  return (
    <div className={`locked-panel locked-panel--grade-${prompt.grade}`}>
      <div className="locked-panel__head">
        <div className="locked-panel__icon" aria-hidden="true">
          <LockIcon size={22} />
        </div>
        <h3 className="locked-panel__title">Unlock this prompt</h3>
      </div>
      {/* the price and the buttons: one block, a bar at the bottom of the screen on phones */}
      <div
        className={`locked-panel__buy${member && prompt.grade === 1 ? ' locked-panel__buy--buy-now' : ''}`}
      >
        <p className="locked-panel__price">{formatPrice(prompt)}</p>
        <div className="locked-panel__actions">
          {member ? (
            <>
              {prompt.grade === 1 ? <BuyNowButton prompt={prompt} /> : null}
              <AddToCartButton promptId={prompt.id} className={prompt.grade === 1 ? '' : 'btn--primary'} />
            </>
          ) : (
            <LoginButton label="Log in to unlock" />
          )}
        </div>
      </div>
      {prompt.grade === 1 ? (
        <p className="locked-panel__text">
          This is a FruitCoin prompt. {member ? 'Spend' : 'Log in and spend'} {formatPrice(prompt)} from your
          balance to see the full template{fillIns}. It stays unlocked on your account.
        </p>
      ) : (
        <p className="locked-panel__text">
          This is a premium prompt. {member ? 'Buy it' : 'Log in and buy it'} once for {formatPrice(prompt)}{' '}
          to see the full template{fillIns}; it stays in your orders for good.
        </p>
      )}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="page detail" aria-busy="true" data-state="loading">
      <p className="visually-hidden" role="status">
        Loading prompt…
      </p>
      <div className="detail__layout" aria-hidden="true">
        <div className="detail__gallery">
          <div className="detail__cover skeleton skeleton--cover" />
        </div>
        <div className="detail__info">
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    </div>
  );
}

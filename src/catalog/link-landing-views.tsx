import { Link } from '@tanstack/react-router';
import * as legacyView from '../../machines/catalog/legacy-redirect.selectors.ts';
import * as landingView from '../../machines/catalog/share-landing.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, LinkIcon } from '../ui/icons.tsx';
import { NotFoundView } from '../ui/not-found-view.tsx';
import { StatusCard } from '../ui/status-card.tsx';

/** A load that failed: the reason, "Try again", and a way back to the catalog. */
function RetryCard(props: { title: string; message: string; homeLabel: string; onRetry: () => void }) {
  return (
    <StatusCard
      tone="error"
      state="error"
      icon={<AlertIcon size={28} />}
      title={props.title}
      actions={
        <>
          <button type="button" className="btn btn--primary" onClick={props.onRetry}>
            Try again
          </button>
          <Link to="/" className="btn btn--secondary">
            {props.homeLabel}
          </Link>
        </>
      }
    >
      <p role="alert">{props.message}</p>
    </StatusCard>
  );
}

/** `/detail_{id}.html`: a projection of `legacyRedirect` (the redirect itself is the machine's). */
export function LegacyRedirectView() {
  const actor = useSystemActor('legacyRedirect');
  const status = useSystemSelector('legacyRedirect', legacyView.status);
  const error = useSystemSelector('legacyRedirect', legacyView.error);
  if (status === 'missing') return <NotFoundView />;
  if (status === 'error')
    return (
      <RetryCard
        title="We couldn't open this prompt"
        message={error ?? 'The prompt could not be loaded.'}
        homeLabel="Back to all prompts"
        onRetry={() => actor.send({ type: 'legacy.retry' })}
      />
    );
  return (
    <StatusCard icon={<LinkIcon size={28} />} title="Opening prompt…" state="resolving" busy>
      <p role="status">Taking you to the prompt's page.</p>
    </StatusCard>
  );
}

/** `/s/{id}` and `/ps/{id}`: a projection of `shareLanding`. */
export function ShareLandingView() {
  const actor = useSystemActor('shareLanding');
  const status = useSystemSelector('shareLanding', landingView.status);
  const error = useSystemSelector('shareLanding', landingView.error);
  if (status === 'missing')
    return (
      <StatusCard
        tone="error"
        state="unknown"
        icon={<LinkIcon size={28} />}
        title="Share link not found"
        actions={
          <Link to="/" className="btn btn--primary">
            Browse all prompts
          </Link>
        }
      >
        <p>This share link does not exist or has expired.</p>
      </StatusCard>
    );
  if (status === 'error')
    return (
      <RetryCard
        title="We couldn't open this link"
        message={error ?? 'The link could not be opened.'}
        homeLabel="Browse all prompts"
        onRetry={() => actor.send({ type: 'shareLink.retry' })}
      />
    );
  return (
    <StatusCard icon={<LinkIcon size={28} />} title="Opening shared prompt…" state="resolving" busy>
      <p role="status">Taking you to the shared prompt.</p>
    </StatusCard>
  );
}

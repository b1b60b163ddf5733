import { Link } from '@tanstack/react-router';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, LinkIcon } from './icons.tsx';
import { NotFoundView } from './not-found-view.tsx';
import { StatusCard } from './status-pages.tsx';

type LandingStatus = 'resolving' | 'missing' | 'error';

/** `/detail_{id}.html`: a projection of `legacyRedirect` (the redirect itself is the machine's). */
export function LegacyRedirectView() {
  const actor = useSystemActor('legacyRedirect');
  const status = useSystemSelector('legacyRedirect', (s): LandingStatus =>
    s.matches('notFound') ? 'missing' : s.matches('error') ? 'error' : 'resolving',
  );
  const error = useSystemSelector('legacyRedirect', (s) => s.context.error);
  if (status === 'missing') return <NotFoundView />;
  if (status === 'error')
    return (
      <StatusCard
        tone="error"
        state="error"
        icon={<AlertIcon size={28} />}
        title="We couldn't open this prompt"
        actions={
          <>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => actor.send({ type: 'legacy.retry' })}
            >
              Try again
            </button>
            <Link to="/" className="btn btn--secondary">
              Back to all prompts
            </Link>
          </>
        }
      >
        <p role="alert">{error ?? 'The prompt could not be loaded.'}</p>
      </StatusCard>
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
  const status = useSystemSelector('shareLanding', (s): LandingStatus =>
    s.matches('unknown') ? 'missing' : s.matches('error') ? 'error' : 'resolving',
  );
  const error = useSystemSelector('shareLanding', (s) => s.context.error);
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
      <StatusCard
        tone="error"
        state="error"
        icon={<AlertIcon size={28} />}
        title="We couldn't open this link"
        actions={
          <>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => actor.send({ type: 'shareLink.retry' })}
            >
              Try again
            </button>
            <Link to="/" className="btn btn--secondary">
              Browse all prompts
            </Link>
          </>
        }
      >
        <p role="alert">{error ?? 'The link could not be opened.'}</p>
      </StatusCard>
    );
  return (
    <StatusCard icon={<LinkIcon size={28} />} title="Opening shared prompt…" state="resolving" busy>
      <p role="status">Taking you to the shared prompt.</p>
    </StatusCard>
  );
}

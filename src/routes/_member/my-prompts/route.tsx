// My Prompts (/my-prompts): everything the member owns and the free prompts they saved, each with its
// template filled in and a "Copy prompt" button, by tab (?show=bought|saved). The page's files are this
// folder, machines/my-prompts/ and server/my-prompts/ (README "Adding a page"): its page module
// (-my-prompts-logic.ts, which brings its styles), its styles, its view test. The `page` below is its row of the page table and
// its link in the account menu (scripts/discover.ts reads it; the bundle drops it).
import { createFileRoute, Link, type SearchSchemaInput } from '@tanstack/react-router';
import type { PageDeclaration } from '../../../../domain/page-declaration.ts';
import type { LibraryEntry } from '../../../../machines/my-prompts/my-prompts.ts';
import { MY_PROMPTS_MESSAGES } from '../../../../machines/my-prompts/my-prompts.ts';
import * as view from '../../../../machines/my-prompts/my-prompts.selectors.ts';
import { stateOf } from '../../../../machines/system/selectors.ts';
import { MemberPage } from '../../../auth/member-page.tsx';
import { GradeBadge } from '../../../catalog/grade-badge.tsx';
import { DateText, HistorySection, LoadFailed, RowsSkeleton } from '../../../commerce/history-parts.tsx';
import { PromptThumb } from '../../../commerce/order-lines.tsx';
import { useSystemActor, useSystemSelector } from '../../../system/react.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { LibraryIcon } from '../../../ui/icons.tsx';
import { ChipLinks } from '../../../ui/page-links.tsx';
import { ensureFor } from '../../-lib/ensure.ts';
import { pageEntry } from '../../-lib/page-entry.ts';

interface MyPromptsSearch {
  /** The tab; `all` is the address without it. */
  show?: Exclude<view.Shelf, 'all'>;
}

const TABS: { shelf: view.Shelf; label: string }[] = [
  { shelf: 'all', label: 'All' },
  { shelf: 'bought', label: 'Bought' },
  { shelf: 'saved', label: 'Saved' },
];

const EMPTY: Record<view.Shelf, { title: string; text: string }> = {
  all: {
    title: 'No prompts yet',
    text: 'Prompts you buy and free prompts you save appear here, ready to copy into your generator.',
  },
  bought: {
    title: 'Nothing bought yet',
    text: 'FruitCoin and premium prompts you buy are kept here for good, with their whole template.',
  },
  saved: {
    title: 'No saved free prompts',
    text: 'Press the heart on a free prompt to keep it here.',
  },
};

const load = () => ({ type: 'myPrompts.load' as const });

/** Its row of the page table and its account-menu link (read by scripts/discover.ts, not shipped). */
export const page = {
  title: 'My Prompts',
  private: true,
  menu: { label: 'My Prompts', icon: 'library', after: '/orders' },
} as const satisfies PageDeclaration;

export const Route = createFileRoute('/_member/my-prompts')({
  validateSearch: (raw: { show?: unknown } & SearchSchemaInput): MyPromptsSearch => ({
    show: raw.show === 'bought' || raw.show === 'saved' ? raw.show : undefined,
  }),
  beforeLoad: ensureFor('myPrompts'),
  loader: pageEntry('myPrompts', load),
  component: function MyPrompts() {
    const { show } = Route.useSearch();
    return (
      <MemberPage
        title="My Prompts"
        lead="Every prompt you own or saved, filled in and ready to copy."
        icon={<LibraryIcon size={28} />}
        signedOutTitle="Log in to see your prompts"
        signedOutText={<p>Log in to see the prompts you bought and saved.</p>}
      >
        <Library shelf={show ?? 'all'} />
      </MemberPage>
    );
  },
});

/** The tab's prompts, a projection of `myPrompts`. */
function Library({ shelf }: { shelf: view.Shelf }) {
  const actor = useSystemActor('myPrompts');
  const state = useSystemSelector('myPrompts', stateOf);
  const status = useSystemSelector('myPrompts', view.status);
  const error = useSystemSelector('myPrompts', view.error);
  const shelves = useSystemSelector('myPrompts', view.shelves);
  const unlisted = useSystemSelector('myPrompts', view.unlisted);
  const entries = shelves[shelf];
  return (
    <HistorySection label="Your prompts" busy={status === 'loading'} state={state}>
      <ChipLinks
        label="Show"
        choices={TABS.map(({ shelf: value, label }) => ({
          key: value,
          label: (
            <>
              {label}
              {status === 'ready' ? <span className="library__count">{shelves[value].length}</span> : null}
            </>
          ),
          search: { show: value === 'all' ? undefined : value },
          current: shelf === value,
        }))}
      />
      {status === 'loading' ? (
        <RowsSkeleton label="Loading your prompts…" rows={3} />
      ) : status === 'error' ? (
        <LoadFailed
          title="We couldn't load your prompts"
          message={error ?? MY_PROMPTS_MESSAGES.failed}
          onRetry={() => actor.send({ type: 'myPrompts.retry' })}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<LibraryIcon size={28} />}
          title={EMPTY[shelf].title}
          actions={
            <Link to="/" className="btn btn--primary">
              Browse prompts
            </Link>
          }
        >
          <p>{EMPTY[shelf].text}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="library">
            {entries.map((entry) => (
              <li key={entry.prompt.id}>
                <LibraryCard entry={entry} />
              </li>
            ))}
          </ul>
          {unlisted > 0 ? (
            <p className="library__more">
              The newest {entries.length} are shown; {unlisted} older ones are in your orders.
            </p>
          ) : null}
        </>
      )}
    </HistorySection>
  );
}

const SOURCE: Record<LibraryEntry['source'], string> = {
  order: 'Bought',
  grant: 'Added by FruitPrompt',
  saved: 'Saved',
};

/** One prompt: its picture, title, how it came to be the member's, the filled-in template, Copy. */
function LibraryCard({ entry }: { entry: LibraryEntry }) {
  const actor = useSystemActor('myPrompts');
  const copying = useSystemSelector('myPrompts', view.copying);
  const { prompt } = entry;
  const titleId = `library-${prompt.id}`;
  return (
    <article className="library__card" aria-labelledby={titleId}>
      <PromptThumb image={prompt.image} className="library__thumb" />
      <div className="library__head">
        <h2 className="library__title" id={titleId}>
          <Link to="/detail/$slugId" params={{ slugId: prompt.slugId }}>
            {prompt.title}
          </Link>
        </h2>
        <p className="library__meta">
          <GradeBadge prompt={prompt} />
          <span>
            {SOURCE[entry.source]} <DateText iso={entry.since} />
            {entry.orderId !== null ? (
              <>
                {' in '}
                <Link to="/order-detail/$orderId" params={{ orderId: String(entry.orderId) }}>
                  Order #{entry.orderId}
                </Link>
              </>
            ) : null}
          </span>
        </p>
      </div>
      <pre className="library__template" aria-label={`Prompt text of ${prompt.title}`}>
        {entry.template}
      </pre>
      <div className="library__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          aria-busy={copying === prompt.id || undefined}
          disabled={copying !== null}
          onClick={() => actor.send({ type: 'myPrompts.copy', promptId: prompt.id })}
        >
          {copying === prompt.id ? 'Copying…' : 'Copy prompt'}
        </button>
        <Link to="/detail/$slugId" params={{ slugId: prompt.slugId }} className="btn btn--ghost btn--sm">
          Fill in your own words
        </Link>
      </div>
    </article>
  );
}

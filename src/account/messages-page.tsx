import '../styles/dialog.css';
import '../styles/history.css';
import '../styles/history-pages.css';
import '../styles/inbox.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef } from 'react';
import type { Message, MessageKind } from '../../domain/account.ts';
import { MESSAGES_TEXT } from '../../machines/account/messages.ts';
import * as messagesView from '../../machines/account/messages.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import {
  DateText,
  HistorySection,
  LoadFailed,
  RowsSkeleton,
  totalPagesOf,
} from '../commerce/history-parts.tsx';
import { ChevronDownIcon, MessageIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { NoticeDialog } from '../ui/notice-dialog.tsx';
import { PageLinks } from '../ui/page-links.tsx';
import { stateOf } from '../../machines/system/selectors.ts';

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  welcome: 'Welcome',
  order: 'Order',
  coupon: 'Coupon',
  support: 'Support reply',
  notice: 'Notice',
};

/** /messages: what the server wrote to the member, newest first, a page at a time. */
export function MessagesPage() {
  return (
    <MemberPage
      title="Messages"
      lead="Replies from Customer Support and notices about your orders and account."
      icon={<MessageIcon size={28} />}
      signedOutTitle="Log in to see your messages"
      signedOutText={<p>Replies from Customer Support and notices about your orders arrive here.</p>}
    >
      <MessageList />
    </MemberPage>
  );
}

function MessageList() {
  const actor = useSystemActor('messages');
  // Rendered only for a signed-in member: asking on mount never asks for a visitor's messages.
  const state = useSystemSelector('messages', stateOf);
  const view = useSystemSelector('messages', messagesView.status);
  const loading = view === 'loading';
  const failed = view === 'error';
  const error = useSystemSelector('messages', messagesView.error);
  const result = useSystemSelector('messages', messagesView.result);
  const unread = useSystemSelector('messages', messagesView.unread);
  const markingAll = useSystemSelector('messages', messagesView.markingAll);

  // A deleted message takes its "Delete" button (where focus was) with it: focus goes to the list.
  const listRef = useRef<HTMLUListElement>(null);
  const count = result?.data.length ?? 0;
  const shown = useRef(count);
  useEffect(() => {
    const active = document.activeElement;
    // (the dialog hands focus to <main> when the element it came from is gone)
    const focusLost = !active || active === document.body || active.id === 'main';
    if (count < shown.current && focusLost)
      listRef.current?.querySelector<HTMLElement>('.message__toggle')?.focus();
    shown.current = count;
  }, [count]);

  return (
    <HistorySection label="Your messages" busy={loading} state={state} className="inbox">
      {loading ? (
        <RowsSkeleton label="Loading your messages…" />
      ) : failed ? (
        <LoadFailed
          title="We couldn't load your messages"
          message={error ?? MESSAGES_TEXT.loadFailed}
          onRetry={() => actor.send({ type: 'messages.retry' })}
        />
      ) : !result || result.data.length === 0 ? (
        result && result.total > 0 ? (
          <EmptyState
            icon={<MessageIcon size={28} />}
            title="No messages on this page"
            actions={
              <Link to="." search={{}} className="btn btn--secondary">
                First page
              </Link>
            }
          >
            <p>The messages that were here have been deleted.</p>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<MessageIcon size={28} />}
            title="No messages yet"
            actions={
              <Link to="/support" className="btn btn--secondary">
                Customer Support
              </Link>
            }
          >
            <p>Replies from Customer Support and notices about your orders will appear here.</p>
          </EmptyState>
        )
      ) : (
        <>
          <div className="history__bar">
            <p className="history__count">
              {result.total} {result.total === 1 ? 'message' : 'messages'} ·{' '}
              <strong className="inbox__unread">{unread} unread</strong>
              {totalPagesOf(result) > 1 ? ` · page ${result.page} of ${totalPagesOf(result)}` : ''}
            </p>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={unread === 0 || markingAll}
              aria-busy={markingAll || undefined}
              onClick={() => actor.send({ type: 'messages.readAll' })}
            >
              {markingAll ? 'Marking all as read…' : 'Mark all as read'}
            </button>
          </div>
          <ul className="message-list" ref={listRef}>
            {result.data.map((message) => (
              <li key={message.id}>
                <MessageItem message={message} />
              </li>
            ))}
          </ul>
          <PageLinks current={result.page} totalPages={totalPagesOf(result)} />
        </>
      )}
      <DeleteDialog />
    </HistorySection>
  );
}

function MessageItem({ message }: { message: Message }) {
  const actor = useSystemActor('messages');
  const open = useSystemSelector(
    'messages',
    useMemo(() => messagesView.openOf(message.id), [message.id]),
  );
  const read = useSystemSelector(
    'messages',
    useMemo(() => messagesView.readOf(message), [message]),
  );
  const reading = useSystemSelector(
    'messages',
    useMemo(() => messagesView.markingReadOf(message.id), [message.id]),
  );
  const id = useId();
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  return (
    <article className="message" data-unread={read ? undefined : 'true'} aria-labelledby={titleId}>
      <h2 className="message__heading">
        <button
          type="button"
          className="message__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => actor.send({ type: 'messages.toggle', id: message.id })}
        >
          <span className="message__dot" aria-hidden="true" />
          <span className="message__title" id={titleId}>
            {message.title}
          </span>
          {read ? null : <span className="visually-hidden">, unread</span>}
          <ChevronDownIcon size={18} className="message__chevron" />
        </button>
      </h2>
      <p className="message__meta">
        <span className={`message__kind message__kind--${message.kind}`}>
          {MESSAGE_KIND_LABELS[message.kind]}
        </span>
        <span aria-hidden="true"> · </span>
        <DateText iso={message.createdAt} withTime />
      </p>
      <div id={bodyId} className="message__body" hidden={!open}>
        {open ? (
          <>
            <p className="message__text">{message.body}</p>
            <div className="message__actions">
              {message.link ? <MessageLink link={message.link} /> : null}
              <button
                type="button"
                className="btn btn--secondary btn--sm message__delete"
                disabled={reading}
                aria-describedby={titleId}
                onClick={() => actor.send({ type: 'messages.delete', id: message.id })}
              >
                Delete
              </button>
            </div>
          </>
        ) : null}
      </div>
    </article>
  );
}

/** The page a message points to: ours through the router, anything else as a plain link. */
function MessageLink({ link }: { link: { label: string; href: string } }) {
  return link.href.startsWith('/') && !link.href.startsWith('//') ? (
    <Link to={link.href} className="btn btn--secondary btn--sm">
      {link.label}
    </Link>
  ) : (
    <a href={link.href} className="btn btn--secondary btn--sm" rel="noopener noreferrer">
      {link.label}
    </a>
  );
}

function DeleteDialog() {
  const actor = useSystemActor('messages');
  const open = useSystemSelector('messages', messagesView.deleteDialog);
  const deleting = useSystemSelector('messages', messagesView.deleting);
  const message = useSystemSelector('messages', messagesView.toDelete);
  const error = useSystemSelector('messages', messagesView.deleteError);
  const state = useSystemSelector('messages', stateOf);
  if (!open) return null;
  const keep = () => {
    if (!deleting) actor.send({ type: 'messages.deleteCancel' });
  };
  return (
    <NoticeDialog
      state={state}
      onDismiss={keep}
      icon={<MessageIcon size={30} />}
      tone="pending"
      title="Delete this message?"
      text={
        <p>“{message?.title ?? 'This message'}” will be removed from your messages. This cannot be undone.</p>
      }
      error={error}
      className="history-dialog"
      refocus={false}
    >
      <div className="notice-dialog__actions history-dialog__actions">
        <button
          type="button"
          className="btn inbox-btn--danger"
          disabled={deleting}
          aria-busy={deleting || undefined}
          onClick={() => actor.send({ type: 'messages.deleteConfirm' })}
        >
          {deleting ? 'Deleting…' : error ? 'Try again' : 'Delete'}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={deleting}
          onClick={keep}
          data-autofocus=""
        >
          Keep it
        </button>
      </div>
    </NoticeDialog>
  );
}

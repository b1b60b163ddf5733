import { fromCallback, type AnyEventObject, type EventObject } from 'xstate';
import type { ViewerChanged } from '../../domain/viewer.ts';
import { lookup } from './actors.ts';

/**
 * What the session announces to whoever follows it (`followSession`, machines/system/follow-session.ts),
 * in place of the messages it used to send to named actors: a sign-in adopted (a login, a restore,
 * another tab's) and a session ended (a logout, automatic or not, or refused by the server), each in
 * its transition; a member signed in and the session a visitor's, on each entry of those states (a
 * renewed token and a restore without a session included).
 */
export type SessionEmitted =
  | { type: 'session.adopted' }
  | { type: 'session.ended' }
  | { type: 'session.member'; token: string }
  | { type: 'session.visitor' };

/** How an actor follows the session (`SessionEmitted`, above): its own event for each. */
export interface SessionFollow<TEvent extends EventObject> {
  /** Told when a sign-in is adopted (a login, a restore, another tab's), before `member`. */
  adopted?: TEvent;
  /** Told whenever a member is signed in, with the token in use (a renewed one included). */
  member?: (token: string) => TEvent;
  /** Told when a session ends (a logout, or the server refused it), before `visitor`. */
  ended?: TEvent;
  /** Told whenever the session is a visitor's (after a logout, or a restore without a session). */
  visitor?: TEvent;
}

/**
 * Follows the session for the actor that invokes it (issue 16): the session emits, this subscribes and
 * hands the actor its own events. With no session in the system (a machine tested alone) it does nothing.
 * It hears what happens from its start: an actor started after the session spoke is told where the
 * session stands by the registry that starts it (machines/app/app.ts `MEMBER_LOAD`, src/system `tellViewer`).
 * It restarts with its actor's root (a `reenter: true` transition there), which re-subscribes only.
 */
export const followSession = fromCallback<EventObject, SessionFollow<AnyEventObject>>(
  ({ system, sendBack, input }) => {
    const session = lookup(system, 'session');
    if (!session) return;
    const { adopted, ended, member, visitor } = input;
    const tell = (event: EventObject | undefined) => event && sendBack(event);
    const heard = (event: SessionEmitted) => {
      if (event.type === 'session.adopted') tell(adopted);
      else if (event.type === 'session.ended') tell(ended);
      else if (event.type === 'session.member') tell(member?.(event.token));
      else tell(visitor);
    };
    const subscriptions = [
      session.on('session.adopted', heard),
      session.on('session.ended', heard),
      session.on('session.member', heard),
      session.on('session.visitor', heard),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  },
);

/**
 * How the catalog actors (domain/viewer.ts `VIEWER_AWARE`) follow the session: they reload
 * what they show when the member changes.
 */
export const FOLLOW_VIEWER: SessionFollow<ViewerChanged> = {
  member: (viewer) => ({ type: 'viewer.changed', viewer }),
  visitor: { type: 'viewer.changed', viewer: null },
};

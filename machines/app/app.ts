import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  spawnChild,
  type AnyActorLogic,
} from 'xstate';
import { lookup } from '../system/actors.ts';
import { followSession, type SessionFollow } from '../system/follow-session.ts';
import type { Letter, SystemEvents } from '../system/events.ts';
import { tell } from '../system/tell.ts';
import { TIMINGS } from '../../domain/system-ids.ts';
import type { IdIn } from './registry.ts';
import { homeSectionsMachine } from '../catalog/home-sections.ts';
import { seoMachine } from '../shell/seo.ts';
import { hoverMenuMachine } from '../shell/hover-menu.ts';
import type { DialogMode } from '../auth/login-dialog.ts';
import { promptListMachine } from '../catalog/prompt-list.ts';
import { sessionMachine } from '../auth/session.ts';
import { toastMachine } from '../shell/toast.ts';
import { connectionMachine, type RetryTarget } from '../shell/connection.ts';

/** The page machines (registry scope `page`): attached by the routes that need them (`app.attach`). */
export type PageMachineId = IdIn<'page'>;

/** The sign-in machines (scope `signIn`): `loadSignIn` (src/) answers with their logic, effects provided. */
export type SignInMachines = Record<IdIn<'signIn'>, AnyActorLogic>;

/**
 * The member's machines (scope `member`): a visitor's first visit does not need them; they load when a
 * session has a member (`member.prepare`, from following the session), when a page needs them, or with
 * a visitor's first press of a card's button (`member.deliver`). `loadMember` (src/) answers likewise.
 */
export type MemberMachineId = IdIn<'member'>;
export type MemberMachines = Record<MemberMachineId, AnyActorLogic>;

/**
 * What a member machine spawned while a member is signed in is told, so it loads as the session's own
 * message would have made it.
 */
const MEMBER_LOAD: { [K in MemberMachineId]: SystemEvents[K] } = {
  cartCount: { type: 'cart.refresh', reason: 'login' },
  cart: { type: 'cart.load' },
  favorites: { type: 'favorites.load' },
  inbox: { type: 'inbox.load' },
};

/** An event for a member machine that may not run yet: delivered once it does. */
export type Delivery = Letter<MemberMachineId>;

/** Shown when what a person pressed needs code that cannot be loaded (offline). */
export const CODE_UNAVAILABLE = 'This could not load. Check your connection and try again.';

/** Shown when the sign-in code cannot be loaded after a person asked for it. */
export const SIGN_IN_UNAVAILABLE = 'Sign-in could not load. Check your connection and try again.';

/** How the login dialog is to open: a mode and, when known, the email to fill in. */
export interface OpenRequest {
  mode: DialogMode;
  /** Defaults to the remembered email (src/ reads it). */
  email?: string;
}

export type AppEvent =
  | { type: 'loginDialog.open'; mode?: DialogMode; email?: string }
  /** A sign-in is likely (a pointer on "Log in"): load the sign-in machines ahead of the press. */
  | { type: 'signIn.prepare' }
  /** A member is signed in, or a page needs the member's machines: load them. */
  | { type: 'member.prepare' }
  /** For a member machine: sent at once when it runs, otherwise held until it does. */
  | ({ type: 'member.deliver' } & Delivery)
  /**
   * Spawns a page machine (its logic with effects provided) unless one with that systemId runs; outside
   * a browser src/ attaches the member's machines this way too, up front.
   */
  | { type: 'app.attach'; systemId: PageMachineId | MemberMachineId; logic: AnyActorLogic }
  /**
   * Stops a page machine that no page on screen needs any more (src/ sends it once a navigation has
   * settled): its route attaches a fresh one the next time.
   */
  | { type: 'app.detach'; systemId: PageMachineId };

/**
 * What loads again by itself when the API is back (`connection` sends these on restore): each page
 * machine's retry, which it handles only in its load-failed state. Retries that would repeat something
 * a person chose to do (a checkout, an exchange, a support request) are left to the person.
 */
export const RETRY_ON_RESTORE: readonly RetryTarget[] = [
  { systemId: 'promptList', event: { type: 'list.retry' } },
  { systemId: 'promptDetail', event: { type: 'detail.retry' } },
  { systemId: 'promptDetail', event: { type: 'detail.relatedRetry' } },
  { systemId: 'homeSections', event: { type: 'home.retry' } },
  { systemId: 'legacyRedirect', event: { type: 'legacy.retry' } },
  { systemId: 'shareLanding', event: { type: 'shareLink.retry' } },
  { systemId: 'cart', event: { type: 'cart.retry' } },
  { systemId: 'paymentResult', event: { type: 'payment.retry' } },
  { systemId: 'orderList', event: { type: 'orders.retry' } },
  { systemId: 'orderDetail', event: { type: 'order.retry' } },
  { systemId: 'fruitHistory', event: { type: 'fruit.retry' } },
  { systemId: 'coupons', event: { type: 'coupons.retry' } },
  { systemId: 'messages', event: { type: 'messages.retry' } },
  { systemId: 'profile', event: { type: 'profile.retry' } },
  { systemId: 'settings', event: { type: 'settings.retry' } },
];

export interface AppInput {
  /** requirements §2: the origin callback URL handed to the social authorize call. */
  callbackUrl: string;
}

export interface AppContext extends AppInput {
  /** The dialog asked for while the sign-in machines load; opened as soon as they run. */
  openRequest: OpenRequest | null;
  /** Events for the member's machines while they load; delivered, in order, as soon as they run. */
  deliveries: Delivery[];
}

/**
 * Spawns each machine whose systemId does not run yet, with that id and systemId, and returns the ids it
 * spawned. setup() types spawnChild's source as one of its named actors; these come as logic, loaded later.
 */
function spawnMissing(
  enqueue: { spawnChild: unknown },
  system: { get: (id: string) => unknown },
  machines: readonly (readonly [id: string, logic: AnyActorLogic])[],
  input?: unknown,
): string[] {
  const spawn = enqueue.spawnChild as (
    logic: AnyActorLogic,
    options: { id: string; systemId: string; input?: unknown },
  ) => void;
  const missing = machines.filter(([id]) => !system.get(id));
  for (const [id, logic] of missing) spawn(logic, { id, systemId: id, ...(input ? { input } : {}) });
  return missing.map(([id]) => id);
}

/** The held message of a `member.deliver`, without its own type. */
const letterOf = ({ type: _, ...letter }: { type: 'member.deliver' } & Delivery): Delivery => letter;

const requestOf = (event: { mode?: DialogMode; email?: string }): OpenRequest => ({
  mode: event.mode ?? 'providers',
  ...(event.email !== undefined ? { email: event.email } : {}),
});

/**
 * The root of the actor system: started once by src/, it spawns every long-lived actor with its
 * systemId so views and routes can reach them (`system.get(id)`). Effects are provided by src/
 * through `appMachine.provide({ actors: { ... } })` with each child's own provided version. Page
 * machines (registry scope `page`) arrive later with `app.attach`, their logic already provided by src/.
 * Retries on restore (RETRY_ON_RESTORE) skip a page machine not attached yet: `connection` sends only
 * to actors that run. Two parallel regions load the rest when first needed (absent → loading → ready):
 * `signIn` the sign-in machines (scope `signIn`), `member` the member's (scope `member`).
 */
export const appMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    toast: toastMachine,
    hoverMenu: hoverMenuMachine,
    promptList: promptListMachine,
    session: sessionMachine,
    /** Imports the sign-in machines (their module, provided with effects): src/ provides it. */
    loadSignIn: fromPromise<SignInMachines>(() =>
      Promise.reject(new Error('loadSignIn is provided by src/')),
    ),
    /** Imports the member's machines, likewise. */
    loadMember: fromPromise<MemberMachines>(() =>
      Promise.reject(new Error('loadMember is provided by src/')),
    ),
    seo: seoMachine,
    homeSections: homeSectionsMachine,
    connection: connectionMachine,
    followSession,
    /** Window-level events (the global "switch-to-register" event), provided by src/. */
    globalEvents: fromCallback<AppEvent>(() => () => {}),
  },
  actions: {
    /** Opens the login dialog, with the remembered email unless one is given (storage is src/'s to read). */
    openLoginDialog: (_, _params: OpenRequest) => {},
    holdOpenRequest: assign({
      openRequest: ({ event }) => (event.type === 'loginDialog.open' ? requestOf(event) : null),
    }),
    dropOpenRequest: assign({ openRequest: null }),
    /** Spawns the loaded sign-in machines with their systemIds (the dialog gets the callback URL). */
    spawnSignIn: enqueueActions(({ enqueue, context, system }, machines: SignInMachines) => {
      const input: AppInput = { callbackUrl: context.callbackUrl };
      spawnMissing(enqueue, system, Object.entries(machines), input);
    }),
    holdDelivery: assign({
      deliveries: ({ context, event }) =>
        event.type === 'member.deliver' ? [...context.deliveries, letterOf(event)] : context.deliveries,
    }),
    dropDeliveries: assign({ deliveries: [] }),
    /**
     * Spawns the loaded member machines that do not run yet; when a member is signed in already, each
     * new one is told to load, as the session told the ones that ran (its message to an absent actor
     * came back to it).
     */
    spawnMember: enqueueActions(({ enqueue, system }, machines: MemberMachines) => {
      const spawned = spawnMissing(enqueue, system, Object.entries(machines)) as MemberMachineId[];
      const session = lookup(system, 'session')?.getSnapshot();
      if (!session?.hasTag('loggedIn')) return;
      for (const systemId of spawned)
        enqueue.sendTo(({ system }) => system.get(systemId), MEMBER_LOAD[systemId]);
    }),
    /** The held events, in the order they came. */
    deliverHeld: enqueueActions(({ enqueue, context }) => {
      for (const { systemId, event } of context.deliveries)
        enqueue.sendTo(({ system }) => system.get(systemId), event);
    }),
    deliver: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'member.deliver') return;
      enqueue.sendTo(({ system }) => system.get(event.systemId), event.event);
    }),
    toastCodeUnavailable: tell('toast', { type: 'toast.show', kind: 'error', message: CODE_UNAVAILABLE }),
    toastSignInUnavailable: tell('toast', {
      type: 'toast.show',
      kind: 'error',
      message: SIGN_IN_UNAVAILABLE,
    }),
    /** Spawns the page machine once: a second attach (another visit to its page) keeps the first. */
    attachPageMachine: enqueueActions(({ enqueue, event, system }) => {
      if (event.type === 'app.attach') spawnMissing(enqueue, system, [[event.systemId, event.logic]]);
    }),
    detachPageMachine: enqueueActions(({ enqueue, event, system }) => {
      if (event.type === 'app.detach' && system.get(event.systemId)) enqueue.stopChild(event.systemId);
    }),
  },
  guards: {
    openRequested: ({ context }) => context.openRequest !== null,
    deliveriesHeld: ({ context }) => context.deliveries.length > 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'app',
  context: ({ input }) => ({ callbackUrl: input.callbackUrl, openRequest: null, deliveries: [] }),
  entry: [
    spawnChild('toast', { id: 'toast', systemId: 'toast' }),
    spawnChild('hoverMenu', {
      id: 'categoryMenu',
      systemId: 'categoryMenu',
      input: { closeDelay: TIMINGS.categoryMenuCloseDelay },
    }),
    spawnChild('hoverMenu', {
      id: 'accountMenu',
      systemId: 'accountMenu',
      input: { closeDelay: TIMINGS.accountMenuCloseDelay },
    }),
    spawnChild('promptList', { id: 'promptList', systemId: 'promptList' }),
    spawnChild('seo', { id: 'seo', systemId: 'seo' }),
    spawnChild('homeSections', { id: 'homeSections', systemId: 'homeSections' }),
    spawnChild('connection', {
      id: 'connection',
      systemId: 'connection',
      input: { retryOnRestore: RETRY_ON_RESTORE },
    }),
    // the session last: its restore may already talk to the cart and the dialog
    spawnChild('session', { id: 'session', systemId: 'session' }),
  ],
  invoke: [
    { id: 'globalEvents', src: 'globalEvents' },
    // the member's machines load with a member (who then also gets `MEMBER_LOAD` on their start)
    {
      src: 'followSession',
      input: { member: () => ({ type: 'member.prepare' }) } satisfies SessionFollow<AppEvent>,
    },
  ],
  on: {
    'app.attach': { actions: 'attachPageMachine' },
    'app.detach': { actions: 'detachPageMachine' },
  },
  type: 'parallel',
  states: {
    // The sign-in machines: not loaded until a sign-in is likely or asked for.
    signIn: {
      initial: 'absent',
      states: {
        absent: {
          on: {
            'signIn.prepare': 'loading',
            'loginDialog.open': { target: 'loading', actions: 'holdOpenRequest' },
          },
        },
        loading: {
          invoke: {
            id: 'loadSignIn',
            src: 'loadSignIn',
            onDone: {
              target: 'ready',
              actions: { type: 'spawnSignIn', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'openRequested',
                target: 'absent',
                actions: ['dropOpenRequest', 'toastSignInUnavailable'],
              },
              { target: 'absent' },
            ],
          },
          on: { 'loginDialog.open': { actions: 'holdOpenRequest' } },
        },
        ready: {
          // a dialog asked for while loading opens now
          always: {
            guard: 'openRequested',
            actions: [
              { type: 'openLoginDialog', params: ({ context }) => context.openRequest! },
              'dropOpenRequest',
            ],
          },
          on: {
            'loginDialog.open': {
              actions: { type: 'openLoginDialog', params: ({ event }) => requestOf(event) },
            },
          },
        },
      },
    },
    // The member's machines: not loaded for a visitor until something needs them.
    member: {
      initial: 'absent',
      states: {
        absent: {
          on: {
            'member.prepare': 'loading',
            'member.deliver': { target: 'loading', actions: 'holdDelivery' },
          },
        },
        loading: {
          invoke: {
            id: 'loadMember',
            src: 'loadMember',
            onDone: {
              target: 'ready',
              actions: { type: 'spawnMember', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'deliveriesHeld',
                target: 'absent',
                actions: ['dropDeliveries', 'toastCodeUnavailable'],
              },
              { target: 'absent' },
            ],
          },
          on: { 'member.deliver': { actions: 'holdDelivery' } },
        },
        ready: {
          entry: ['deliverHeld', 'dropDeliveries'],
          on: { 'member.deliver': { actions: 'deliver' } },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    app: AppEvent;
  }
}

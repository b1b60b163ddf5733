// The root of the app: which long-lived actors run, and when (machines/app/registry.ts scopes).
// - For everyone, from the start, for the life of the page: the toasts (requirements §2 Toasts), the two
//   header menus (category menu closing 2000 ms after the pointer leaves, account menu 500 ms, §2 and
//   §9), the page head (§2 Page metadata), the API's reachability, the prompt list, the home sections
//   and the session (§4).
// - The sign-in code (login dialog, registration success, verify email notice) loads with the first
//   sign-in intent: a pointer on "Log in", or a press of it (then the dialog opens as soon as it is
//   there, in the mode asked for, §2 Login dialog); it cannot load: a press is told so in an error toast
//   and can be tried again.
// - The member's code (cart count, cart, saved prompts, unread count) loads when a member signs in, a
//   page needs it or a visitor presses a card's button (held, then delivered in order); started for a
//   member, each is told to load (the cart count refreshes on login, §4); cannot load: a held press is
//   told so in an error toast.
// - A page's machine runs from the route's attach to its detach; a second attach keeps the first.
// Texts, timings and the list of what reloads by itself when the API is back are written out here.
import { fromCallback, type AnyActorLogic } from 'xstate';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

/** What the stand-ins for the loaded code heard, as "<systemId>: <what>"; drained after each step. */
export const heardLog: string[] = [];

const json = (value: unknown): string => JSON.stringify(value);

/** A stand-in for a loaded machine: it notes its start (with its input), what it is told, its stop. */
export const standIn = (id: string): AnyActorLogic =>
  fromCallback(({ input, receive }) => {
    heardLog.push(`${id}: starts${input === undefined ? '' : ` ${json(input)}`}`);
    receive((event) => heardLog.push(`${id}: ${json(event)}`));
    return () => heardLog.push(`${id}: stops`);
  });

/** The sign-in code as it loads (scope `signIn`). */
const SIGN_IN_CODE = {
  loginDialog: standIn('loginDialog'),
  registrationSuccess: standIn('registrationSuccess'),
  verifyEmailNotice: standIn('verifyEmailNotice'),
};
/** The member's code as it loads (scope `member`). */
const MEMBER_CODE = {
  cartCount: standIn('cartCount'),
  cart: standIn('cart'),
  favorites: standIn('favorites'),
  inbox: standIn('inbox'),
};

export const APP_INPUT = { callbackUrl: 'http://localhost/auth/callback' };

/** Running for everyone, from the start (registry scope `app`). */
const FOR_EVERYONE = [
  'accountMenu',
  'categoryMenu',
  'connection',
  'homeSections',
  'promptList',
  'seo',
  'session',
  'toast',
];
const SIGN_IN = ['loginDialog', 'registrationSuccess', 'verifyEmailNotice'];
const MEMBER = ['cart', 'cartCount', 'favorites', 'inbox'];

/** What each member machine started for a signed-in member is told (as the session's sign-in would). */
const LOAD_FOR_MEMBER: Record<string, object> = {
  cartCount: { type: 'cart.refresh', reason: 'login' },
  cart: { type: 'cart.load' },
  favorites: { type: 'favorites.load' },
  inbox: { type: 'inbox.load' },
};

/**
 * What loads again by itself when the API is back: each page's own load, only when it failed (its
 * retry). Nothing a person chose to do (a checkout, an exchange, a support request) is repeated.
 */
export const RETRIED_WHEN_BACK = [
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

const SIGN_IN_UNAVAILABLE =
  'toast: toast.show error: Sign-in could not load. Check your connection and try again.';
const CODE_UNAVAILABLE = 'toast: toast.show error: This could not load. Check your connection and try again.';

/** The time of the sign-in: just after the last "logged in" toast, so the session shows none. */
export const NOW = 1_000_000;

type Held = { systemId: string; event: { type: string; promptId?: number } };
type Request = { mode: string; email?: string };

export interface AppState {
  signIn: 'absent' | 'loading' | 'ready';
  /** The dialog a press of "Log in" asked for while the sign-in code loads. */
  request: Request | null;
  member: 'absent' | 'loading' | 'ready';
  /** Presses for the member's machines held while they load. */
  held: Held[];
  /** A member is signed in. */
  signedIn: boolean;
  /** The checkout page's machine runs (attached). */
  checkout: boolean;
  /** The cart was attached up front, before the member's code loaded. */
  cartUpFront: boolean;
  /**
   * The sign-in code, or the member's, could not load once (it is asked for again afterwards), while a
   * press waited for it or not.
   */
  signInFailed: false | 'press' | 'intent';
  memberFailed: false | 'press' | 'intent';
  /** What the step made the actors hear, in order. */
  heard: string[];
  started: EffectCall[];
}

const DIALOG_OPENS = [
  { event: { type: 'loginDialog.open' }, request: { mode: 'providers' } },
  { event: { type: 'loginDialog.open', mode: 'register' }, request: { mode: 'register' } },
  {
    event: { type: 'loginDialog.open', mode: 'login', email: 'ann@example.com' },
    request: { mode: 'login', email: 'ann@example.com' },
  },
];
const PRESSES: Held[] = [
  { systemId: 'cart', event: { type: 'cart.add', promptId: 7 } },
  { systemId: 'favorites', event: { type: 'favorites.toggle', promptId: 7 } },
];
const SIGNED_IN = {
  type: 'session.signedIn',
  token: 'tok-a',
  userData: { userId: 'u-1', providerUsername: 'Ann' },
  now: NOW + 1,
};

const fresh = (s: AppState): AppState => ({ ...s, heard: [], started: [] });

/** The member's code arrives: each machine not running yet starts, and is told to load for a member. */
const memberReady = (s: AppState): AppState => {
  const starting = MEMBER.filter((id) => !(id === 'cart' && s.cartUpFront));
  return {
    ...s,
    member: 'ready',
    held: [],
    heard: [
      ...starting.map((id) => `${id}: starts`),
      ...(s.signedIn ? starting.map((id) => `${id}: ${json(LOAD_FOR_MEMBER[id])}`) : []),
      // then the presses held meanwhile, in order
      ...s.held.map((h) => `${h.systemId}: ${json(h.event)}`),
    ],
  };
};

const loadingMember = (s: AppState): AppState =>
  s.member === 'absent'
    ? { ...s, member: 'loading', started: [{ actor: 'loadMember', input: undefined }] }
    : s;

function next(before: AppState, step: SpecStep): AppState {
  const s = fresh(before);
  if ('settle' in step || 'fail' in step) {
    const actor = 'settle' in step ? step.settle : step.fail;
    if (actor === 'loadSignIn' && s.signIn === 'loading') {
      if ('fail' in step)
        return {
          ...s,
          signIn: 'absent',
          request: null,
          signInFailed: s.request ? 'press' : 'intent',
          heard: s.request ? [SIGN_IN_UNAVAILABLE] : [],
        };
      return {
        ...s,
        signIn: 'ready',
        request: null,
        heard: [
          ...SIGN_IN.map((id) => `${id}: starts ${json({ callbackUrl: APP_INPUT.callbackUrl })}`),
          ...(s.request ? [`open login dialog ${json(s.request)}`] : []),
        ],
      };
    }
    if (actor === 'loadMember' && s.member === 'loading') {
      if ('fail' in step)
        return {
          ...s,
          member: 'absent',
          held: [],
          memberFailed: s.held.length ? 'press' : 'intent',
          heard: s.held.length ? [CODE_UNAVAILABLE] : [],
        };
      return memberReady(s);
    }
    return s;
  }
  if (!('send' in step)) return s;
  const event = step.send;
  switch (event.type) {
    case 'signIn.prepare':
      return s.signIn === 'absent'
        ? { ...s, signIn: 'loading', started: [{ actor: 'loadSignIn', input: undefined }] }
        : s;
    case 'loginDialog.open': {
      const request = DIALOG_OPENS.find((o) => json(o.event) === json(event))!.request;
      if (s.signIn === 'ready') return { ...s, heard: [`open login dialog ${json(request)}`] };
      // the last press counts
      if (s.signIn === 'loading') return { ...s, request };
      return { ...s, signIn: 'loading', request, started: [{ actor: 'loadSignIn', input: undefined }] };
    }
    case 'member.prepare':
      return loadingMember(s);
    case 'member.deliver': {
      const held = { systemId: event.systemId as string, event: event.event as Held['event'] };
      if (s.member === 'ready') return { ...s, heard: [`${held.systemId}: ${json(held.event)}`] };
      return loadingMember({ ...s, held: [...s.held, held] });
    }
    case 'session.signedIn':
      // a member: the member's code loads
      return s.signedIn ? s : loadingMember({ ...s, signedIn: true });
    case 'session.logout':
      // the member's code stays
      return { ...s, signedIn: false };
    case 'app.attach':
      if (event.systemId === 'checkout')
        return s.checkout ? s : { ...s, checkout: true, heard: ['checkout: starts'] };
      return s.member === 'ready' || s.cartUpFront ? s : { ...s, cartUpFront: true, heard: ['cart: starts'] };
    case 'app.detach':
      return event.systemId === 'checkout' && s.checkout
        ? { ...s, checkout: false, heard: ['checkout: stops'] }
        : s;
    default:
      return s;
  }
}

const CHECKOUT_CODE = standIn('checkout');
const CART_UP_FRONT = standIn('cart');

// The regions are independent: each is followed on its own, the others at rest, and the page
// machines beside a member's code at rest.
function steps(s: AppState): SpecStep[] {
  // after a load that failed: asked for again, and loaded
  if (s.signInFailed)
    return [
      { send: { type: 'signIn.prepare' } },
      { send: DIALOG_OPENS[0]!.event },
      ...(s.signIn === 'loading' ? [{ settle: 'loadSignIn', output: SIGN_IN_CODE }] : []),
    ];
  if (s.memberFailed)
    return [
      { send: { type: 'member.prepare' } },
      { send: { type: 'member.deliver', ...PRESSES[0]! } },
      ...(s.member === 'loading' ? [{ settle: 'loadMember', output: MEMBER_CODE }] : []),
    ];
  const memberAtRest = s.member !== 'loading' && !s.checkout;
  const signInAtRest = s.signIn !== 'loading';
  return [
    ...(s.member === 'absent' && !s.signedIn && !s.checkout && !s.cartUpFront
      ? [
          { send: { type: 'signIn.prepare' } },
          ...(s.signIn === 'loading' ? DIALOG_OPENS.slice(1, 2) : DIALOG_OPENS).map((o) => ({
            send: o.event,
          })),
          ...(s.signIn === 'loading'
            ? [
                { settle: 'loadSignIn', output: SIGN_IN_CODE },
                { fail: 'loadSignIn', error: new TypeError('Failed to fetch dynamically imported module') },
              ]
            : []),
        ]
      : []),
    ...(signInAtRest && !s.checkout
      ? [
          { send: { type: 'member.prepare' } },
          ...PRESSES.map((p) => ({ send: { type: 'member.deliver', ...p } })),
          ...(s.member === 'loading'
            ? [
                { settle: 'loadMember', output: MEMBER_CODE },
                { fail: 'loadMember', error: new TypeError('Failed to fetch dynamically imported module') },
              ]
            : []),
          s.signedIn ? { send: { type: 'session.logout', automatic: true } } : { send: SIGNED_IN },
          // outside a browser the member's machines are attached up front
          ...(s.member !== 'ready'
            ? [{ send: { type: 'app.attach', systemId: 'cart', logic: CART_UP_FRONT } }]
            : []),
        ]
      : []),
    ...(signInAtRest && memberAtRest
      ? [
          { send: { type: 'app.attach', systemId: 'checkout', logic: CHECKOUT_CODE } },
          { send: { type: 'app.detach', systemId: 'checkout' } },
          // a page machine that does not run
          { send: { type: 'app.detach', systemId: 'orderList' } },
        ]
      : []),
  ];
}

/** Which actors run, by systemId, sorted. */
const running = (s: AppState): string[] =>
  [
    ...FOR_EVERYONE,
    ...(s.signIn === 'ready' ? SIGN_IN : []),
    ...(s.member === 'ready' ? MEMBER : s.cartUpFront ? ['cart'] : []),
    ...(s.checkout ? ['checkout'] : []),
  ].sort();

/** What each actor heard, by systemId (the order between actors is not the app's to keep). */
export const byActor = (heard: string[]): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const line of heard) {
    const at = line.indexOf(': ');
    const [who, what] = line.startsWith('open login dialog')
      ? ['app', line]
      : [line.slice(0, at), line.slice(at + 2)];
    (out[who] ??= []).push(what);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
};

export const appSpec: SpecModel<AppState> = {
  name: 'app',
  spec: 'machines/app/registry.ts scopes; requirements §2 (header, login dialog, toasts), §4, §9',
  initial: {
    signIn: 'absent',
    request: null,
    member: 'absent',
    held: [],
    signedIn: false,
    checkout: false,
    cartUpFront: false,
    signInFailed: false,
    memberFailed: false,
    heard: [],
    started: [],
  },
  steps,
  next,
  calls: (_before, _step, after) => after.started,
  expect: (s) => ({
    running: running(s),
    // the shell shows the sign-in dialogs once their code runs; "Log in" shows busy while a press waits
    signInReady: s.signIn === 'ready',
    loginWaiting: s.signIn === 'loading' && s.request !== null,
    held: s.held,
    // each by the id it runs under: the actors above, the window's events, the loads under way
    children: [
      ...running(s),
      'globalEvents',
      ...(s.signIn === 'loading' ? ['loadSignIn'] : []),
      ...(s.member === 'loading' ? ['loadMember'] : []),
    ].sort(),
    heard: byActor(s.heard),
    menus: { categoryMenu: 2000, accountMenu: 500 },
    retriedWhenBack: RETRIED_WHEN_BACK,
  }),
  key: (s) =>
    json([
      s.signIn,
      s.request !== null,
      s.member,
      s.held.length,
      s.signedIn,
      s.checkout,
      s.cartUpFront,
      s.signInFailed,
      s.memberFailed,
    ]),
  label: (s) =>
    [
      `sign-in ${s.signIn}${s.request ? ` (${s.request.mode} asked)` : ''}`,
      `member code ${s.member}${s.held.length ? ` (${s.held.length} held)` : ''}`,
      ...(s.signedIn ? ['signed in'] : []),
      ...(s.checkout ? ['checkout'] : []),
      ...(s.cartUpFront ? ['cart up front'] : []),
    ].join(', '),
  maxDepth: 4,
};

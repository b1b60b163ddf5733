// In-memory effects for tests that start the whole actor system without a browser or a server.
import { fromCallback, fromPromise } from 'xstate';
import type { AppEffects } from '../../src/app/app-system.ts';
import type { Restored } from '../../machines/auth/session.ts';
import type { AuthMarks } from '../../domain/session-rules.ts';
import type { SessionUser } from '../../domain/session-user.ts';
import type { Profile } from '../../domain/account.ts';
import type { Cart } from '../../domain/commerce.ts';
import { ApiError, type ApiClient } from '../../src/platform/api.ts';
import { copyText } from '../../src/platform/navigation.ts';
import { fullFixture, pageFixture } from './fixtures.ts';

/** The demo member's profile, as the server answers it. */
export const profileFixture = (over: Partial<Profile> = {}): Profile => ({
  memberId: 'u-1',
  name: 'Demo Shopper',
  email: 'demo@example.com',
  avatarUrl: '/default-avatar.svg',
  memberSince: '2025-11-03T09:12:00.000Z',
  purchases: 3,
  fruitCnt: 0,
  provider: 'email',
  referralUrl: 'http://localhost/s/demo-ref',
  ...over,
});

/** An empty cart with a zero balance. */
export const emptyCart = (): Cart => ({
  items: [],
  totals: { fruit: 0, subtotalCents: 0, discountCents: 0, totalCents: 0 },
  coupon: null,
  couponError: null,
  balance: 0,
});

const refused = async () => ({ ok: false as const, msg: 'Not available in this test' });

/**
 * An API client that answers GETs of the paths given (a value, or a function of the search params that
 * returns or throws one) and refuses every other call, as a server without that route would.
 */
export function fakeApi(answers: Record<string, unknown> = {}): ApiClient {
  const answer = async (path: string, params?: unknown) => {
    if (!Object.hasOwn(answers, path)) throw new ApiError(`Not available in this test: ${path}`, 404);
    const given = answers[path];
    return typeof given === 'function' ? (given as (p: unknown) => unknown)(params) : given;
  };
  const refuse = async (_method: string, path: string) => {
    throw new ApiError(`Not available in this test: ${path}`, 404);
  };
  return {
    get: (path, params) => answer(path, params) as never,
    post: (path) => refuse('post', path),
    upload: (path) => refuse('upload', path),
    raw: (method, path) => refuse(method, path),
  };
}

export function fakeEffects(overrides: Partial<AppEffects> = {}): AppEffects {
  const base: AppEffects = {
    listPrompts: async (q) => ({ ...pageFixture(4), page: q.page ?? 1 }),
    getPrompt: async (id) => (id === '404' ? { found: false } : { found: true, prompt: fullFixture(1) }),
    getRelated: async () => pageFixture(3).data.map((card) => ({ ...card, id: card.id + 100 })),
    authorize: async () => ({ success: false, msg: 'Not available in this test' }),
    emailLogin: refused,
    emailRegister: refused,
    guestLogin: refused,
    // the bot check solves at once: the view tests see the forms, not the proof of work
    botCheck: {
      fetchBotChallenge: async () => ({ parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: 'test' }),
      solveBotChallenge: async () => 'test-bot-proof',
    },
    exchangeCode: refused,
    resendVerification: async () => ({ success: true, msg: '' }),
    verifyEmail: async () => ({ status: 'invalid', msg: 'This verification link is not valid.' }),
    fetchCartCount: async () => 0,
    fetchHomeSections: async () => [{ key: 'trending', title: 'Trending now', data: pageFixture(4).data }],
    fetchSeo: async () => null,
    createShareLink: async ({ promptId }) => ({ url: `http://localhost/s/share${promptId}` }),
    resolveShareLink: async () => ({ found: false }),
    fetchFavorites: async () => [],
    saveFavorite: async () => {},
    // the buying side: an empty cart and history unless a test says otherwise
    fetchCart: async () => emptyCart(),
    addToCart: async () => emptyCart(),
    removeFromCart: async () => emptyCart(),
    checkout: async () => {
      throw new Error('Checkout is not available in this test');
    },
    fetchOrders: async () => ({ data: [], total: 0, page: 1, pageSize: 10 }),
    fetchOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    cancelOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    payOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    confirmOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    fetchLedger: async () => ({ data: [], total: 0, page: 1, pageSize: 20, balance: 0 }),
    fetchCoupons: async () => [],
    fetchExchangeOffers: async () => ({ data: [], balance: 0 }),
    fetchFruitPacks: async () => ({ data: [], balance: 0 }),
    buyFruitPack: async () => {
      throw new Error('Buying FruitCoins is not available in this test');
    },
    confirmTopUp: async () => {
      throw new ApiError('Payment not found', 404);
    },
    exchange: async () => {
      throw new Error('Exchange is not available in this test');
    },
    // the account area: an empty inbox and a plain profile unless a test says otherwise
    fetchMessages: async () => ({ data: [], total: 0, page: 1, pageSize: 20, unread: 0 }),
    fetchUnreadCount: async () => 0,
    markMessageRead: async () => {
      throw new ApiError('Message not found', 404);
    },
    markAllMessagesRead: async () => ({ unread: 0 }),
    deleteMessage: async () => ({ unread: 0 }),
    sendSupportRequest: async () => {
      throw new Error('Support requests are not available in this test');
    },
    fetchSupportRequests: async () => [],
    fetchProfile: async () => profileFixture(),
    saveName: async ({ name }) => profileFixture({ name }),
    uploadAvatar: async () => profileFixture(),
    generateAvatar: async () => profileFixture(),
    fetchSettings: async () => ({
      notifications: { orderUpdates: true, supportReplies: true, promotions: false },
      hasPassword: true,
      provider: 'email',
    }),
    saveNotifications: async (prefs) => ({
      notifications: { orderUpdates: true, supportReplies: true, promotions: false, ...prefs },
      hasPassword: true,
      provider: 'email',
    }),
    changePassword: async () => {
      throw new Error('Changing the password is not available in this test');
    },
    signOutEverywhere: async () => {},
    deleteAccount: async () => {},
    // the browser's clipboard (jsdom tests spy on it; without one, copying fails as it would)
    copyText,
    api: fakeApi(),
    session: {
      actors: {
        restoreSession: fromPromise(async (): Promise<Restored> => ({ status: 'none' })),
        fetchAccount: fromPromise(async () => ({
          memberId: 'u-1',
          name: 'Demo Shopper',
          avatar: '/default-avatar.svg',
          fruitCnt: 0,
        })),
        // a restored member keeps the stored user unless a test answers the re-read
        refreshAccount: fromPromise(async (): Promise<SessionUser> => {
          throw new Error('The account is not read again in this test');
        }),
        serverLogout: fromPromise(async () => {}),
        readAuthMarks: fromPromise(async (): Promise<AuthMarks> => ({
          token: null,
          loginTime: null,
          logoutTime: null,
          now: 0,
        })),
        storageListener: fromCallback(() => () => {}),
      },
      actions: {
        persistSignIn: () => {},
        persistUser: () => {},
        clearSession: () => {},
        announceLogin: () => {},
        announceLogout: () => {},
        rememberLoginToast: () => {},
        cleanSocialLoginParam: () => {},
      },
    },
    popup: fromCallback(() => () => {}),
    // the API always answers: nothing reports a lost connection, and the probe succeeds
    connection: { probe: async () => {}, watch: () => () => {} },
  };
  return { ...base, ...overrides };
}

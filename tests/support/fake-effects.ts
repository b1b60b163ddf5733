// In-memory effects for tests that start the whole actor system without a browser or a server.
import { fromCallback, fromPromise } from 'xstate';
import type { AppEffects } from '../../src/system/app-system.ts';
import type { Restored } from '../../machines/session.ts';
import type { AuthMarks } from '../../machines/domain/session-rules.ts';
import { copyText } from '../../src/effects/navigation.ts';
import { fullFixture, pageFixture } from './fixtures.ts';

const refused = async () => ({ ok: false as const, msg: 'Not available in this test' });

export function fakeEffects(overrides: Partial<AppEffects> = {}): AppEffects {
  const base: AppEffects = {
    listPrompts: async (q) => ({ ...pageFixture(4), page: q.page ?? 1 }),
    getPrompt: async (id) => (id === '404' ? { found: false } : { found: true, prompt: fullFixture(1) }),
    getRelated: async () => pageFixture(3).data.map((card) => ({ ...card, id: card.id + 100 })),
    authorize: async () => ({ success: false, msg: 'Not available in this test' }),
    emailLogin: refused,
    emailRegister: refused,
    guestLogin: refused,
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
    // the browser's clipboard (jsdom tests spy on it; without one, copying fails as it would)
    copyText,
    session: {
      actors: {
        restoreSession: fromPromise(async (): Promise<Restored> => ({ status: 'none' })),
        fetchAccount: fromPromise(async () => ({
          memberId: 'u-1',
          name: 'Demo Shopper',
          avatar: '/default-avatar.svg',
          fruitCnt: 0,
        })),
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
  };
  return { ...base, ...overrides };
}

// requirements §4 Social login: the centred 600×700 popup and what it reports to the socialLogin machine.
import { fromCallback } from 'xstate';
import type { SignedIn, UserData } from '../../domain/session-user.ts';
import type { PopupEvent } from '../../machines/auth/social-login.ts';
import { LOCAL_KEYS, safeStorage } from '../platform/storage-keys.ts';
import { inspectToken } from './token.ts';

export const POPUP_SIZE = { width: 600, height: 700 } as const;
export const SOCIAL_SUCCESS_MESSAGE = 'social-login-success';
/** How often the adapter checks whether the person closed the popup. */
const CLOSED_CHECK_MS = 400;

export interface SocialSuccessMessage {
  type: typeof SOCIAL_SUCCESS_MESSAGE;
  token: string;
  userData: UserData;
}

export const isSocialSuccess = (data: unknown): data is SocialSuccessMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as SocialSuccessMessage).type === SOCIAL_SUCCESS_MESSAGE &&
  typeof (data as SocialSuccessMessage).token === 'string';

export function centredPopupFeatures(screenLike: {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}) {
  const left = Math.max(0, Math.round(screenLike.screenX + (screenLike.outerWidth - POPUP_SIZE.width) / 2));
  const top = Math.max(0, Math.round(screenLike.screenY + (screenLike.outerHeight - POPUP_SIZE.height) / 2));
  return `popup=yes,width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top}`;
}

export const popupActor = fromCallback<PopupEvent, { authUrl: string }>(({ input, sendBack }) => {
  const popup = window.open(input.authUrl, 'fruitprompt-social-login', centredPopupFeatures(window));
  if (!popup) {
    sendBack({ type: 'popup.blocked' });
    return () => {};
  }
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== location.origin || !isSocialSuccess(event.data)) return;
    sendBack({ type: 'popup.message', token: event.data.token, userData: event.data.userData ?? {} });
  };
  window.addEventListener('message', onMessage);
  const closedCheck = window.setInterval(() => {
    if (popup.closed) {
      window.clearInterval(closedCheck);
      sendBack({ type: 'popup.closed' });
    }
  }, CLOSED_CHECK_MS);
  return () => {
    window.removeEventListener('message', onMessage);
    window.clearInterval(closedCheck);
    if (!popup.closed) popup.close();
  };
});

/** The token written to local storage by the callback page (when its message did not arrive). */
export async function readStoredSignIn(previousToken: string | null): Promise<SignedIn | null> {
  const local = safeStorage('local');
  {
    const token = local.get(LOCAL_KEYS.token);
    if (!token || token === previousToken || inspectToken(token).state !== 'valid') return null;
    let userData: UserData = {};
    try {
      const user = JSON.parse(local.get(LOCAL_KEYS.user) ?? '{}') as {
        memberId?: string;
        name?: string;
        avatar?: string;
        fruitCnt?: number;
      };
      userData = { userId: user.memberId, name: user.name, avatar: user.avatar, fruitCnt: user.fruitCnt };
    } catch {
      /* the token alone is enough; the session fetches the user */
    }
    return { token, userData };
  }
}

/**
 * The callback page's hand-over (requirements §4 Social login flow): the token and user go to the opener
 * as a social-login-success message and into local storage (the opener also polls it), then the
 * popup closes. Without an opener (a full-page sign-in) this tab goes home with social_login=success.
 */
export function handOverSignIn(signedIn: SignedIn, redirectUrl: string | null): void {
  const local = safeStorage('local');
  local.set(LOCAL_KEYS.token, signedIn.token);
  local.set(LOCAL_KEYS.lastLoginTime, String(Date.now()));
  local.remove(LOCAL_KEYS.lastLogoutTime);
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) {
    const message: SocialSuccessMessage = {
      type: SOCIAL_SUCCESS_MESSAGE,
      token: signedIn.token,
      userData: signedIn.userData,
    };
    opener.postMessage(message, location.origin);
    window.close();
    return;
  }
  const target = new URL(redirectUrl && redirectUrl.startsWith('/') ? redirectUrl : '/', location.origin);
  target.searchParams.set('social_login', 'success');
  location.replace(`${target.pathname}${target.search}`);
}

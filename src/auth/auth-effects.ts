// The sign-in calls of requirements §7 and the ones we designed (guest, email verification), as the
// machines' actors need them: normalised answers, the server's message kept for the person.
import type { UserData, SignInResult } from '../../domain/session-user.ts';
import type { AuthorizeAnswer } from '../../machines/auth/social-login.ts';
import type { ResendAnswer } from '../../machines/auth/resend-email.ts';
import type { VerifyAnswer } from '../../machines/auth/email-verification.ts';
import type { ApiClient } from '../platform/api.ts';
import { encryptPassword } from './password.ts';

interface LoginExtend {
  token?: string;
  data?: UserData;
  code?: string;
  email?: string;
}

const toSignIn = (body: { success: boolean; msg: string; extend: LoginExtend }): SignInResult => {
  if (body.success && body.extend.token)
    return { ok: true, token: body.extend.token, userData: body.extend.data ?? {} };
  return {
    ok: false,
    msg: body.msg,
    ...(body.extend.code === 'EMAIL_NOT_VERIFIED' && body.extend.email
      ? { unverifiedEmail: body.extend.email }
      : {}),
  };
};

export function createAuthEffects(api: ApiClient) {
  return {
    authorize: async ({
      provider,
      callbackUrl,
    }: {
      provider: string;
      callbackUrl: string;
    }): Promise<AuthorizeAnswer> => {
      const { body } = await api.raw<{ authUrl?: string }>('get', '/api/social/authorize', {
        searchParams: { provider, callback: callbackUrl },
      });
      return body.success && body.extend.authUrl
        ? { success: true, authUrl: body.extend.authUrl }
        : { success: false, msg: body.msg };
    },

    emailLogin: async ({ email, password }: { email: string; password: string }): Promise<SignInResult> => {
      const encrypted = await encryptPassword(password);
      const { body } = await api.raw<LoginExtend>('post', '/api/social/login', {
        json: { email, password: encrypted, encrypted: true },
      });
      return toSignIn(body);
    },

    /** `botCheck`: the solved bot check (src/bot-check/), sent as the registration's recaptchaToken. */
    emailRegister: async (form: {
      email: string;
      password: string;
      confirmPassword: string;
      botCheck: string;
    }): Promise<SignInResult> => {
      const [password, confirmPassword] = await Promise.all([
        encryptPassword(form.password),
        encryptPassword(form.confirmPassword),
      ]);
      const { body } = await api.raw<LoginExtend>('post', '/api/social/register', {
        json: {
          email: form.email,
          password,
          confirmPassword,
          recaptchaToken: form.botCheck,
          encrypted: true,
        },
      });
      return body.success
        ? { ok: true, token: '', userData: { email: form.email } }
        : { ok: false, msg: body.msg };
    },

    guestLogin: async ({ botCheck }: { botCheck: string }): Promise<SignInResult> => {
      const { body } = await api.raw<LoginExtend>('post', '/api/social/guest', { json: { botCheck } });
      return toSignIn(body);
    },

    resendVerification: async ({ email }: { email: string }): Promise<ResendAnswer> => {
      const { body } = await api.raw('post', '/api/social/resend-verification', { json: { email } });
      return { success: body.success, msg: body.msg };
    },

    verifyEmail: async ({ token }: { token: string }): Promise<VerifyAnswer> => {
      const { body } = await api.raw<{ status?: string; email?: string }>(
        'post',
        '/api/social/verify-email',
        {
          json: { token },
        },
      );
      if (body.success && body.extend.email) return { status: 'verified', email: body.extend.email };
      if (body.extend.status === 'expired')
        return { status: 'expired', email: body.extend.email ?? null, msg: body.msg };
      return { status: 'invalid', msg: body.msg || 'This verification link is not valid.' };
    },

    /** Completes the authorization-code flow on /auth/callback (code and state from the provider). */
    exchangeCode: async ({ code, state }: { code: string; state: string }): Promise<SignInResult> => {
      const { body } = await api.raw<LoginExtend>('post', '/api/social/exchange', { json: { code, state } });
      return toSignIn(body);
    },
  };
}
export type AuthEffects = ReturnType<typeof createAuthEffects>;

/**
 * Sign-in and the session's actors, by systemId: this feature's part of the registry (machines/app/registry.ts says what
 * each source means). A new actor of this feature is one line here.
 */
export const registry = {
  session: 'app',
  loginDialog: 'signIn',
  registrationSuccess: 'signIn',
  verifyEmailNotice: 'signIn',
  emailVerification: 'signInLink',
  authCallback: 'signInLink',
} as const;

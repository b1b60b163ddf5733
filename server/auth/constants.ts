// The sign-in calls' constants and texts (requirements §3, §5, §8): shared by their parts
// (server/auth/*-routes.ts) and by the account area's password change.

export const VERIFY_TTL_HOURS = 24;
export const STATE_TTL_SECONDS = 10 * 60;
export const SOCIAL_CALLBACK_PATHS = ['/auth/callback', '/social-callback'];

export const AUTH_MESSAGES = {
  undecryptable: 'We could not read your password. Please try again.',
  notEncrypted: 'Passwords must be sent encrypted. Please reload the page and try again.',
  badCredentials: 'Incorrect email or password.',
  notVerified: 'Please verify your email address before logging in.',
  loggedIn: 'Login successful!',
  emailTaken: 'An account with this email already exists. Please log in.',
  registered: 'Registration successful. Please check your email to verify your account.',
  resent: 'Verification email sent successfully!',
  verified: 'Your email address has been verified. You can now log in.',
  verifyExpired: 'This verification link has expired. Ask for a new one below.',
  verifyInvalid: 'This verification link is not valid.',
  loggedOut: 'You have been successfully logged out',
  unsupportedProvider: 'Unsupported sign-in provider',
  badCallback: 'This sign-in callback address is not allowed.',
  socialUnavailable: 'Sign-in with Google is not available right now. Please use email or continue as guest.',
  signInExpired: 'This sign-in link has expired. Please try again.',
  signInInvalid: 'This sign-in link is not valid. Please try again.',
  signInOtherBrowser:
    'This sign-in was not started in this browser, or it was already used. Please start again with "Continue with Google".',
} as const;

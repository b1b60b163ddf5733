/** Public contact details shown on the support and legal pages. */
export const SUPPORT_EMAIL = 'support@fruitprompt.com';
export const PRIVACY_EMAIL = 'privacy@fruitprompt.com';
/** When the current Terms of Service and Privacy Policy took effect. */
export const LEGAL_UPDATED = '1 November 2026';

/** The systemIds of the long-lived actors the root machine owns (one object, as Zoo does). */
export const SYSTEM_IDS = {
  toast: 'toast',
  categoryMenu: 'categoryMenu',
  accountMenu: 'accountMenu',
  promptList: 'promptList',
  promptDetail: 'promptDetail',
  session: 'session',
  cartCount: 'cartCount',
  loginDialog: 'loginDialog',
  registrationSuccess: 'registrationSuccess',
  verifyEmailNotice: 'verifyEmailNotice',
  emailVerification: 'emailVerification',
  authCallback: 'authCallback',
  seo: 'seo',
  legacyRedirect: 'legacyRedirect',
  shareLanding: 'shareLanding',
  share: 'share',
  templateFiller: 'templateFiller',
  favorites: 'favorites',
  homeSections: 'homeSections',
  // the buying side (issue 6)
  cart: 'cart',
  checkout: 'checkout',
  paymentResult: 'paymentResult',
  orderList: 'orderList',
  orderDetail: 'orderDetail',
  fruitHistory: 'fruitHistory',
  coupons: 'coupons',
  exchange: 'exchange',
  // Buy FruitCoins (issue 15)
  buyFruitCoins: 'buyFruitCoins',
  // the account area (issue 7)
  inbox: 'inbox',
  messages: 'messages',
  support: 'support',
  profile: 'profile',
  settings: 'settings',
  // resilience (issue 9): whether the API can be reached
  connection: 'connection',
} as const;

/** The root actor's own systemId (children ask it to open the login dialog). */
export const APP_SYSTEM_ID = 'app';
export type SystemId = keyof typeof SYSTEM_IDS;

/** SPEC.md §9 timings, named once; machines refer to them by delay name. */
export const TIMINGS = {
  toastDuration: 2000,
  toastFade: 300,
  categoryMenuCloseDelay: 2000,
  accountMenuCloseDelay: 500,
} as const;

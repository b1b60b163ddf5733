// Paths no page of the product answers (issue 15): the route table matches none of them
// (tests/unit/pages.test.ts), so the server answers 404, and the app shows "Page Not Found" for the
// first ones (tests/views/routes.test.tsx), whose params the client's routes refuse.

/** Refused by a route's params or matching no route, as the client sees them. */
export const UNKNOWN_PATHS_IN_THE_APP = [
  '/no-such-page',
  '/detail_.html',
  '/detail_abc.html',
  '/paiddetail-42.html',
  '/verifyemail-%3C%3E.html',
] as const;

/** Every path the route table must not match. */
export const UNKNOWN_PATHS = [
  ...UNKNOWN_PATHS_IN_THE_APP,
  '/order-detail/',
  '/cart/x',
  '/s/',
  '/category/a/b',
] as const;

// The params the routes of domain/pages.ts accept; apart from that table, so the client's
// route definitions (in the first load) take these few patterns without the whole table.
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const ORDER_ID = `(?:${UUID}|\\d{1,15}|[A-Za-z0-9_]{1,64})`;

/** What a route's params must look like, else the page is "Page Not Found" (client and server alike). */
export const PARAM_PATTERNS = {
  /** `/detail_{id}.html`: the legacy numeric id. */
  legacyId: /^\d{1,15}$/,
  orderId: new RegExp(`^${ORDER_ID}$`),
  /** `/paiddetail-{orderId}-{sessionId}.html`; a UUID order id is tried first so its hyphens stay. */
  paidIds: new RegExp(`^(${ORDER_ID})-([A-Za-z0-9_-]{1,255})$`),
  /** Verification tokens are URL-safe (JWT-like or random); anything else cannot be ours. */
  token: /^[A-Za-z0-9._~-]{8,2048}$/,
} as const;

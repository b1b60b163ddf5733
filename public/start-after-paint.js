// A page the server rendered is painted and usable (links, the search form) before its scripts run.
// The server loads this file in place of the app's entry (server/render/scripts.ts); it fetches the
// entry, named in its data-entry attribute, once the browser has painted the page, so the scripts do
// not compete with what the first paint needs. A file, not an inline script: the CSP forbids those.
/* global document, requestAnimationFrame */
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
if (entry && entry.startsWith('/assets/')) requestAnimationFrame(() => setTimeout(() => import(entry), 0));

// A page the server rendered is painted and usable before its scripts run (links, the search form, the
// content). Its scripts are fetched once the browser has painted it, so they do not compete with what
// the first paint needs (the stylesheet, the largest image): the entry goes behind
// /start-after-paint.js (public/), and its modulepreload links go (the entry's imports still load in
// parallel with each other when it runs).
const ENTRY = /<script type="module"[^>]*\bsrc="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;
const PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

export function scriptsAfterPaint(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  return html
    .replace(PRELOADS, '')
    .replace(
      ENTRY,
      () => `<script type="module" src="/start-after-paint.js" data-entry="${entry[1]}"></script>`,
    );
}

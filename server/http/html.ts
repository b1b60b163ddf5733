// Escaping and the frame of the few HTML documents the server writes itself (mails, and the
// development stand-ins: the identity provider and the payment page).
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value safe inside HTML (both quotes escaped). */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * Headers of a development stand-in page: nothing from elsewhere, no framing, never cached. No script may
 * run at all (default-src 'none'); the page's own <style> and style attributes are allowed inline, which is
 * harmless without scripts. server/http/security.ts keeps this policy (it only fills in missing headers).
 */
export const STAND_IN_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The card layout both stand-in pages share; each adds its own rules after it. */
export const standInBaseStyle = (maxWidth: number): string => `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
    background:#f1f3f8;color:#1f2937;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
  main{width:100%;max-width:${maxWidth}px;background:#fff;border-radius:12px;padding:32px;
    box-shadow:0 4px 24px rgba(15,23,42,.08)}
  button{font:inherit;font-weight:600;border-radius:8px;cursor:pointer;border:1px solid transparent}
  .secondary{background:#fff;color:#1f2937;border-color:#cbd5e1}
  .secondary:hover{background:#f8fafc}
  .note{margin:20px 0 0;font-size:12px;color:#6b7280}
`;

// The browser's member hint (domain/server-render.ts MEMBER_HINT_COOKIE): a member is signed in there, so
// the page they get was rendered for a visitor and its viewer marks wait hidden until their own answers
// arrive (src/app/viewer-marks.ts). A hint only: nothing else the server answers depends on it.
import { MEMBER_HINT_COOKIE } from '../../domain/server-render.ts';

/** Whether the request's cookies carry the member hint. */
export function hasMemberHint(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim() === `${MEMBER_HINT_COOKIE}=1`);
}

/** The page with `data-viewer="pending"` on its <html>, which the stylesheet reads. */
export function withViewerMarksHeld(html: string): string {
  return html.replace(/<html\b([^>]*)>/i, (tag, attributes: string) =>
    /\bdata-viewer=/.test(attributes) ? tag : `<html${attributes} data-viewer="pending">`,
  );
}

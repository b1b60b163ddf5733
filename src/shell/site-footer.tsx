import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../domain/catalog.ts';

/** The fixed bottom bar (requirements §2 Footer). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__copy">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Legal" className="site-footer__nav">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
      </div>
    </footer>
  );
}

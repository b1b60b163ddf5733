import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../machines/domain/catalog.ts';
import { CategoryMenu } from './category-menu.tsx';
import { LoginButton } from './login-button.tsx';
import { LogoMark } from './logo.tsx';
import { SearchBox } from './search-box.tsx';

/** The fixed top bar on every page (SPEC.md §2 Header), logged-out variant. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={`${PRODUCT_NAME} home`}>
          <LogoMark size={34} />
          <span className="brand__word" aria-hidden="true">
            Fruit<span className="brand__word-accent">Prompt</span>
          </span>
        </Link>
        <nav className="site-header__nav" aria-label="Browse">
          <CategoryMenu />
        </nav>
        <SearchBox />
        <div className="site-header__actions">
          <LoginButton className="btn btn--primary btn--sm" />
        </div>
      </div>
    </header>
  );
}

import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { CategoryMenu } from './category-menu.tsx';
import { HeaderAccount } from './header-account-slot.tsx';
import { LogoMark } from '../ui/logo.tsx';
import { SearchBox } from './search-box.tsx';

/** The fixed top bar on every page (requirements §2 Header); its right-hand side follows the session. */
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
          <HeaderAccount />
        </div>
      </div>
    </header>
  );
}

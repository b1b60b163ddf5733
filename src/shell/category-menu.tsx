import { Link, useLocation } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { CATEGORIES } from '../../domain/catalog.ts';
import { ChevronDownIcon, GridIcon } from '../ui/first-paint-icons.tsx';
import { useHoverMenu } from '../ui/use-hover-menu.ts';

const normalisePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The label of the category the path belongs to, or null when none applies (requirements §2 Header). */
export function currentCategoryLabel(pathname: string): string | null {
  const path = normalisePath(pathname);
  return CATEGORIES.find((category) => category.path === path)?.label ?? null;
}

/**
 * The category dropdown: a projection of the `categoryMenu` actor. Hover and click open it, the
 * actor closes it 2 s after the pointer leaves; Escape, an outside click or a chosen item close it.
 */
export function CategoryMenu() {
  const { close, rootProps, triggerProps, panelProps, panelRef } = useHoverMenu('categoryMenu');
  const pathname = useLocation({ select: (location) => normalisePath(location.pathname) });
  const label = currentCategoryLabel(pathname) ?? 'Categories';

  return (
    <div className="category-menu" {...rootProps}>
      <button className="category-menu__trigger" {...triggerProps}>
        <GridIcon size={18} className="category-menu__icon" />
        <span className="category-menu__label">{label}</span>
        <ChevronDownIcon size={16} className="category-menu__chevron" />
      </button>
      <ul
        ref={panelRef as RefObject<HTMLUListElement>}
        role="menu"
        aria-label="Categories"
        className="category-menu__panel"
        {...panelProps}
      >
        {CATEGORIES.map((category) => {
          const current = pathname === category.path;
          return (
            <li key={category.path} role="none">
              <Link
                to={category.path}
                role="menuitem"
                className={`category-menu__item category-menu__item--grade-${category.grade ?? 'all'}`}
                aria-current={current ? 'page' : undefined}
                onClick={close}
              >
                <span className="category-menu__dot" aria-hidden="true" />
                {category.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { CATEGORIES } from '../../machines/domain/catalog.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { ChevronDownIcon, GridIcon } from './icons.tsx';

const normalisePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The label of the category the path belongs to, or null when none applies (SPEC.md §2 Header). */
export function currentCategoryLabel(pathname: string): string | null {
  const path = normalisePath(pathname);
  return CATEGORIES.find((category) => category.path === path)?.label ?? null;
}

/**
 * The category dropdown: a projection of the `categoryMenu` actor. Hover and click open it, the
 * actor closes it 2 s after the pointer leaves; Escape, an outside click or a chosen item close it.
 */
export function CategoryMenu() {
  const menu = useSystemActor('categoryMenu');
  const open = useSystemSelector('categoryMenu', (snapshot) => snapshot.hasTag('open'));
  const pathname = useLocation({ select: (location) => normalisePath(location.pathname) });
  const label = currentCategoryLabel(pathname) ?? 'Categories';
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node))
        menu.send({ type: 'menu.close' });
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const hadFocus = rootRef.current?.contains(document.activeElement) ?? false;
      menu.send({ type: 'menu.close' });
      if (hadFocus) triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, menu]);

  const items = () =>
    Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]') ?? []);

  const focusItem = (which: 'first' | 'last') => {
    if (!open) flushSync(() => menu.send({ type: 'menu.toggle' }));
    const list = items();
    (which === 'first' ? list[0] : list[list.length - 1])?.focus();
  };

  const onPointerEnter = (event: PointerEvent) => {
    // Touch "hover" is the first half of a tap; the click that follows toggles instead.
    if (event.pointerType === 'mouse') menu.send({ type: 'menu.enter' });
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') menu.send({ type: 'menu.leave' });
  };


  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem('last');
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.findIndex((item) => item === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') menu.send({ type: 'menu.close' });
  };

  return (
    <div
      ref={rootRef}
      className="category-menu"
      data-state={open ? 'open' : 'closed'}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <button
        ref={triggerRef}
        type="button"
        className="category-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => menu.send({ type: 'menu.toggle' })}
        onKeyDown={onTriggerKeyDown}
      >
        <GridIcon size={18} className="category-menu__icon" />
        <span className="category-menu__label">{label}</span>
        <ChevronDownIcon size={16} className="category-menu__chevron" />
      </button>
      <ul
        ref={panelRef}
        id={panelId}
        role="menu"
        aria-label="Categories"
        className="category-menu__panel"
        hidden={!open}
        onKeyDown={onPanelKeyDown}
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
                onClick={() => menu.send({ type: 'menu.close' })}
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

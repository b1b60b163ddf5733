import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import * as menuView from '../../machines/shell/hover-menu.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';

/**
 * The DOM side of a `hoverMenu` actor (category and account menus): hover and click open it, the
 * actor closes it after its delay once the pointer leaves; Escape, an outside click, Tab or a
 * chosen item close it at once. Arrow keys, Home and End move between the menu items.
 */
export function useHoverMenu(id: 'categoryMenu' | 'accountMenu') {
  const menu = useSystemActor(id);
  const open = useSystemSelector(id, menuView.open);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
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

  const items = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const focusItem = (which: 'first' | 'last') => {
    if (!open) flushSync(() => menu.send({ type: 'menu.toggle' }));
    const list = items();
    (which === 'first' ? list[0] : list[list.length - 1])?.focus();
  };

  const close = () => menu.send({ type: 'menu.close' });

  return {
    open,
    close,
    rootProps: {
      ref: rootRef,
      'data-state': open ? 'open' : 'closed',
      // Touch "hover" is the first half of a tap; the click that follows toggles instead.
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') menu.send({ type: 'menu.enter' });
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') menu.send({ type: 'menu.leave' });
      },
    },
    triggerProps: {
      ref: triggerRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => menu.send({ type: 'menu.toggle' }),
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          focusItem('first');
        } else if (event.key === 'ArrowUp') {
          event.preventDefault();
          focusItem('last');
        }
      },
    },
    panelProps: {
      id: panelId,
      hidden: !open,
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
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
        else if (event.key === 'Tab') close();
      },
    },
    panelRef,
  };
}

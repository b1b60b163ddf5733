import '../styles/dialog.css';
import { useEffect, useLayoutEffect, useRef, type AnimationEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The open modals, bottom first: only the top one traps focus and answers Escape. */
const stack: HTMLElement[] = [];

const FOCUSABLE_PARTS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
];
const FOCUSABLE = FOCUSABLE_PARTS.join(',');
/** An element marked `data-autofocus` that can take focus. */
const MARKED = FOCUSABLE_PARTS.map((part) => `${part}[data-autofocus]`).join(',');

const focusables = (panel: HTMLElement): HTMLElement[] =>
  Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]') && el.getAttribute('aria-hidden') !== 'true',
  );

/** The element marked `data-autofocus` (if it can take focus), else the first focusable, else the panel. */
function initialTarget(panel: HTMLElement): HTMLElement {
  return panel.querySelector<HTMLElement>(MARKED) ?? focusables(panel)[0] ?? panel;
}

const isTop = (panel: HTMLElement) => stack[stack.length - 1] === panel;

/**
 * A real modal dialog: `role="dialog"`, `aria-modal`, labelled by its title, rendered over the page.
 * Focus moves in on open (and again when `focusKey` changes and focus was lost), Tab is trapped,
 * Escape asks `onDismiss`, and focus goes back where it was on close. Only DOM handling lives
 * here; whether the dialog is open is the caller's machine state.
 */
export function Modal({
  labelledBy,
  describedBy,
  onDismiss,
  state,
  focusKey,
  closing = false,
  onClosed,
  size = 'md',
  className,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  /** Escape (and the caller's close buttons) ask the machine to close. */
  onDismiss: () => void;
  /** The machine's state value, as `data-state` on the dialog. */
  state: string;
  /** A change (e.g. the dialog's mode) re-focuses the dialog if focus was lost on the way. */
  focusKey?: string;
  /** Plays the closing animation; `onClosed` is told when it ends. */
  closing?: boolean;
  onClosed?: () => void;
  size?: 'sm' | 'md';
  className?: string;
  children: ReactNode;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onDismissRef = useRef(onDismiss);
  useLayoutEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(panel);
    document.documentElement.classList.add('has-modal');

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop(panel)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onDismissRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = focusables(panel);
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (!panel.contains(active) || active === panel) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isTop(panel) && event.target instanceof Node && !panel.contains(event.target))
        initialTarget(panel).focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(panel), 1);
      const below = stack[stack.length - 1];
      if (!below) document.documentElement.classList.remove('has-modal');
      const back =
        returnTo && returnTo.isConnected && returnTo !== document.body && !panel.contains(returnTo)
          ? returnTo
          : below
            ? initialTarget(below)
            : document.getElementById('main');
      back?.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel || !isTop(panel)) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== panel && panel.contains(active)) return;
    initialTarget(panel).focus();
  }, [focusKey]);

  const onAnimationEnd = (event: AnimationEvent<HTMLDivElement>) => {
    if (closing && event.target === event.currentTarget && event.animationName === 'modal-out') onClosed?.();
  };

  return createPortal(
    <div className={`modal${closing ? ' modal--closing' : ''}`}>
      <div className="modal__backdrop" aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-state={state}
        tabIndex={-1}
        className={`modal__panel modal__panel--${size}${className ? ` ${className}` : ''}`}
        onAnimationEnd={onAnimationEnd}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

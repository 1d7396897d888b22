import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';

const Backdrop = styled.div<{ $size: ModalSize }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(2, 6, 23, 0.7);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  overscroll-behavior: contain;
  ${({ $size }) =>
    $size === 'large' &&
    css`
      /* A document on a phone needs every pixel of the screen. */
      @media (max-width: 600px) {
        padding: 0;
      }
    `}
`;

const Dialog = styled.div<{ $size: ModalSize }>`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  width: ${({ $size }) => ($size === 'large' ? 'min(1000px, 100%)' : 'min(480px, 100%)')};
  height: ${({ $size }) => ($size === 'large' ? 'min(90vh, 900px)' : 'auto')};
  max-height: 100%;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  ${({ $size }) =>
    $size === 'large' &&
    css`
      @media (max-width: 600px) {
        height: 100%;
        border-radius: 0;
      }
    `}
`;

const Header = styled.header<{ $size: ModalSize }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    flex: 1;
    min-width: 0;
    font-size: 1.05rem;
    margin: 0;
  }
  ${({ $size }) =>
    $size === 'large' &&
    css`
      /* On a phone the document gets the height: the title keeps one line beside the close button. */
      @media (max-width: 600px) {
        padding: 2px 2px 2px 16px;
        h2 {
          font-size: 0.95rem;
          white-space: nowrap;
          overflow: hidden;
          text-overflow: ellipsis;
        }
      }
    `}
`;

/** Buttons beside the title, before ✕: on a phone the reader's page star takes no row of its own. */
const TitleTools = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;
const Close = styled.button.attrs({ type: 'button' })`
  font-size: 1.6rem;
  line-height: 1;
  min-width: 44px;
  min-height: 44px;
  background: none;
  border: none;
  color: inherit;
  cursor: pointer;
`;

/** large: a document viewer (the PDF reader); small: a question or a short form. */
export type ModalSize = 'large' | 'small';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  size?: ModalSize;
  /** alertdialog for questions that need an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Beside the title, before the close button (the reader's star for the page in view). */
  titleTools?: ReactNode;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/** jsdom lays nothing out, so "has a box" cannot decide there; everything focusable counts. */
function tabbableIn(container: HTMLElement): HTMLElement[] {
  const laidOut = focusableIn(container);
  return laidOut.length > 0 ? laidOut : [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/**
 * Everything else in <body> is made inert and hidden from screen readers while the dialog is open; the
 * previous values come back on close (another dialog, or the app, may have set them).
 */
function shutOutTheRest(keep: HTMLElement): () => void {
  const changed = [...document.body.children]
    .filter((element): element is HTMLElement => element instanceof HTMLElement && element !== keep)
    .filter((element) => !['SCRIPT', 'STYLE', 'LINK'].includes(element.tagName))
    .map((element) => ({
      element,
      inert: element.hasAttribute('inert'),
      ariaHidden: element.getAttribute('aria-hidden'),
    }));
  for (const { element } of changed) {
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
  }
  const overflow = document.body.style.overflow;
  // The page behind must not scroll under a finger dragging the document.
  document.body.style.overflow = 'hidden';
  return () => {
    document.body.style.overflow = overflow;
    for (const { element, inert, ariaHidden } of changed) {
      if (!inert) element.removeAttribute('inert');
      if (ariaHidden === null) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', ariaHidden);
    }
  };
}

/**
 * A modal dialog: focus moves to its close button and stays inside (Tab and Shift+Tab wrap), Escape closes it
 * wherever focus is (even on the page after a click), so does a click outside it; the rest of the page is inert,
 * hidden from screen readers and does not scroll; on close, focus goes back to what had it before (the button
 * that opened it).
 */
export function Modal({ title, onClose, children, size = 'large', role = 'dialog', titleTools }: ModalProps) {
  const titleId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Callers pass a new function each render; opening effects must not re-run (and steal focus) for that.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const backdrop = backdropRef.current;
    const dialog = dialogRef.current;
    if (!backdrop || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = shutOutTheRest(backdrop);
    closeRef.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const tabbable = tabbableIn(dialog);
      const first = tabbable[0];
      const last = tabbable.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (!inside || (event.shiftKey && active === first) || (!event.shiftKey && active === last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      restore();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <Backdrop
      ref={backdropRef}
      $size={size}
      onClick={(event) => event.target === event.currentTarget && onCloseRef.current()}
    >
      <Dialog ref={dialogRef} $size={size} role={role} aria-modal="true" aria-labelledby={titleId}>
        <Header $size={size}>
          <h2 id={titleId}>{title}</h2>
          {titleTools && <TitleTools>{titleTools}</TitleTools>}
          <Close ref={closeRef} onClick={() => onCloseRef.current()} aria-label="Close">
            ×
          </Close>
        </Header>
        {children}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

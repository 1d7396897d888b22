import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(2, 6, 23, 0.7);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;

const Dialog = styled.div<{ $size: ModalSize }>`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  width: ${({ $size }) => ($size === 'large' ? 'min(1000px, 100%)' : 'min(480px, 100%)')};
  height: ${({ $size }) => ($size === 'large' ? 'min(90vh, 900px)' : 'auto')};
  display: flex;
  flex-direction: column;
  overflow: hidden;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    font-size: 1.05rem;
    margin: 0;
  }
`;

const Close = styled.button.attrs({ type: 'button' })`
  font-size: 1.6rem;
  line-height: 1;
  background: none;
  border: none;
  color: inherit;
  cursor: pointer;
`;

/** large: a document viewer (the PDF preview); small: a question or a short form. */
export type ModalSize = 'large' | 'small';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  size?: ModalSize;
  /** alertdialog for questions that need an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
}

/** A dialog that closes on its button, on Escape and on a click outside it. */
export function Modal({ title, onClose, children, size = 'large', role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <Backdrop onClick={(event) => event.target === event.currentTarget && onClose()}>
      <Dialog $size={size} role={role} aria-modal="true" aria-labelledby={titleId}>
        <Header>
          <h2 id={titleId}>{title}</h2>
          <Close ref={closeRef} onClick={onClose} aria-label="Close">
            ×
          </Close>
        </Header>
        {children}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

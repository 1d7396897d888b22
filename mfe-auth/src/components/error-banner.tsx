import styled from 'styled-components';

const Banner = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 10px 14px;
  border-radius: 8px;
  border: 1px solid #facc15;
  background: #fef9c3;
  color: #713f12;
  span {
    flex: 1;
  }
  button {
    font: inherit;
    font-size: 1.2rem;
    line-height: 1;
    border: none;
    background: none;
    color: inherit;
    cursor: pointer;
  }
`;

/** The login page's dismissible yellow banner (product §2); hiding it after 4 s is useBanner's job. */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <Banner role="alert">
      <span>{message}</span>
      <button type="button" aria-label="Dismiss message" onClick={onDismiss}>
        ×
      </button>
    </Banner>
  );
}

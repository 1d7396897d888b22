import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wheel = styled.div`
  width: 42px;
  height: 42px;
  margin: 64px auto;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <Wheel role="status" aria-label={label} />;
}

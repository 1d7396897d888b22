import styled from 'styled-components';

export const Page = styled.main`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 32px 20px 56px;
`;

export const PageTitle = styled.h1`
  font-size: clamp(1.6rem, 3vw, 2.3rem);
  margin: 8px 0 24px;
  line-height: 1.2;
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min ?? '260px'}, 1fr));
`;

export const Card = styled.article`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: 20px;
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin: 0;
`;

/** A page-level state message ("Subject Not Found", "No uploads yet."). */
export const Notice = styled.div`
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 28px 20px;
  text-align: center;
  font-size: 1.1rem;
`;

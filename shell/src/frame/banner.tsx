import styled from 'styled-components';

const Bar = styled.div`
  background: ${({ theme }) => theme.colors.banner};
  color: ${({ theme }) => theme.colors.bannerText};
  text-align: center;
  font-size: 0.92rem;
  padding: 8px 16px;
`;

/**
 * Not a landmark: the header is the page's one banner (axe landmark-no-duplicate-banner); the strip is a line of
 * text above it.
 */
export function Banner() {
  return <Bar>Welcome to StudyHub — your academic resource center for notes, syllabus and more.</Bar>;
}

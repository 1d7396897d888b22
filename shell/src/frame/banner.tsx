import styled from 'styled-components';

const Bar = styled.div`
  background: ${({ theme }) => theme.colors.banner};
  color: ${({ theme }) => theme.colors.bannerText};
  text-align: center;
  font-size: 0.92rem;
  padding: 8px 16px;
`;

export function Banner() {
  return (
    <Bar role="banner">Welcome to StudyHub — your academic resource center for notes, syllabus and more.</Bar>
  );
}

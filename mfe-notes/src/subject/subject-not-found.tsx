import styled from 'styled-components';
import { ButtonLink, Muted, Notice, Page, PageTitle } from '@studyhub/shared';
import { MESSAGES, PATHS } from '@studyhub/contract';

/** The buttons that lead somewhere useful from a page that cannot show what was asked. */
export const WaysOn = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 16px;
`;

interface SubjectNotFoundProps {
  code: string;
  /** Back to where subjects of this kind are found: "Search the notes" (/notes). */
  wayOn: { label: string; to: string };
}

/** A code no subject has, however it was reached (a typed or old link): product §2's "Subject Not Found". */
export function SubjectNotFound({ code, wayOn }: SubjectNotFoundProps) {
  return (
    <Page>
      <PageTitle>{MESSAGES.subjectNotFound}</PageTitle>
      <Notice>
        <Muted>No subject has the code “{code}”.</Muted>
        <WaysOn aria-label="Ways on">
          <ButtonLink to={wayOn.to}>{wayOn.label}</ButtonLink>
          <ButtonLink to={PATHS.home} $variant="secondary">
            Home
          </ButtonLink>
        </WaysOn>
      </Notice>
    </Page>
  );
}

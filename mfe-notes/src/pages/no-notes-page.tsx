import { ButtonLink, Muted, Notice, Page, PageTitle } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';

export function NoNotesPage() {
  return (
    <Page>
      <PageTitle>Notes Not Available</PageTitle>
      <Notice>
        <Muted>
          Notes for this branch have not been added yet. Computer Science notes are ready to browse.
        </Muted>
        <p>
          <ButtonLink to={PATHS.branch}>Back to branches</ButtonLink>
        </p>
      </Notice>
    </Page>
  );
}

import { Breadcrumb, ButtonLink, Card, Grid, Muted, Page, PageTitle, PATHS } from '@studyhub/shared';
import { BRANCHES } from '@studyhub/shared/catalog';

export function BranchPage() {
  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: 'Select Branch' }]} />
      <PageTitle>Choose Your Branch</PageTitle>
      <Grid>
        {BRANCHES.map((branch) => (
          <Card key={branch.code}>
            <h2>{branch.name}</h2>
            <Muted>{branch.available ? 'Notes available' : 'Notes coming later'}</Muted>
            <ButtonLink
              to={branch.available ? PATHS.notes : PATHS.noNotes}
              $variant={branch.available ? 'primary' : 'secondary'}
              aria-label={`${branch.name} (${branch.code})`}
            >
              {branch.available ? 'Open notes' : 'Unavailable'}
            </ButtonLink>
          </Card>
        ))}
      </Grid>
    </Page>
  );
}

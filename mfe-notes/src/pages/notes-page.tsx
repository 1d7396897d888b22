import { Breadcrumb, ButtonLink, Grid, Page, PageTitle, PATHS, YEARS, yearPath } from '@studyhub/shared';

export function NotesPage() {
  return (
    <Page>
      <Breadcrumb
        items={[
          { label: 'Home', to: PATHS.home },
          { label: 'Select Branch', to: PATHS.branch },
          { label: 'Notes' },
        ]}
      />
      <PageTitle>Computer Science &amp; Engineering Notes</PageTitle>
      <Grid $min="200px">
        {YEARS.map((year) => (
          <ButtonLink key={year.key} to={yearPath(year.number)}>
            {year.label}
          </ButtonLink>
        ))}
      </Grid>
    </Page>
  );
}

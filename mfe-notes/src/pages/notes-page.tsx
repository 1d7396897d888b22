import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, ButtonLink, Grid, Page, PageTitle } from '@studyhub/shared';
import { PATHS, YEARS, yearPath } from '@studyhub/contract';
import { SubjectSearchBox } from '@studyhub/shared/search';

const Search = styled(SubjectSearchBox)`
  margin: 0 0 28px;
`;

export function NotesPage() {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
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
      {/* The same subject search as Home's (decision 017): straight to a subject, without the year pages. */}
      <Search
        label="Search subjects"
        placeholder="Search subjects by code, name or topic…"
        value={query}
        onValueChange={setQuery}
        onPick={(hit) => navigate(hit.path, { state: hit.state })}
      />
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

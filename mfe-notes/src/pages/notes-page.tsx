import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, Page, PageTitle } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { rememberedSearch, SubjectSearchBox } from '@studyhub/shared/search';
import { YearChoice } from '../year/year-choice';

const Search = styled(SubjectSearchBox)`
  margin: 0 0 28px;
`;

export function NotesPage() {
  const location = useLocation();
  const [query, setQuery] = useState(() => rememberedSearch(location.state));
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
      <YearChoice kind="notes" />
    </Page>
  );
}

import { useState } from 'react';
import styled from 'styled-components';
import {
  Card,
  getSyllabus,
  Grid,
  Muted,
  Notice,
  OfflineNotice,
  Page,
  PageTitle,
  SelectField,
  useApiQuery,
} from '@studyhub/shared';
import { SemesterTiles } from '../components/semester-tiles';
import {
  DEFAULT_FILTERS,
  GRADING_OPTIONS,
  PROGRAM_OPTIONS,
  SYSTEM_OPTIONS,
  toQuery,
  UPLOAD_TYPE_OPTIONS,
  type SyllabusFilters,
} from '../filters';

export const SYLLABUS_TEXTS = {
  /** product §2: a syllabus title naming the university by its acronym; the curriculum is RGPV's. */
  title: 'RGPV Syllabus & Scheme',
  loading: 'Loading syllabus...',
  empty: 'No results match your filters.',
} as const;

const Filters = styled.form`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  margin-bottom: 28px;
`;

const CardTitle = styled.h2`
  margin: 0;
  font-size: 1.15rem;
`;

export function SyllabusPage() {
  const [filters, setFilters] = useState<SyllabusFilters>(DEFAULT_FILTERS);
  const query = toQuery(filters);
  // Only the answer for the filters still selected is kept (the key): a slower, older answer is dropped.
  const result = useApiQuery(JSON.stringify(query), (signal) => getSyllabus(query, signal), {
    // product §8: syllabus fetch errors are only logged; the list then shows the no-results text. Offline, it
    // says so instead and reads again once the connection returns (decision 037).
    onError: ({ cause }) => console.error('Failed to load syllabus', cause),
  });

  const set =
    <K extends keyof SyllabusFilters>(name: K) =>
    (value: SyllabusFilters[K]) =>
      setFilters((previous) => (previous[name] === value ? previous : { ...previous, [name]: value }));

  const loading = result.status === 'loading';
  const entries = result.data ?? [];

  return (
    <Page>
      <PageTitle>{SYLLABUS_TEXTS.title}</PageTitle>
      <Filters aria-label="Syllabus filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Upload Type"
          value={filters.uploadType}
          options={UPLOAD_TYPE_OPTIONS}
          onChange={set('uploadType')}
        />
        <SelectField
          label="Program"
          value={filters.program}
          options={PROGRAM_OPTIONS}
          onChange={set('program')}
        />
        <SelectField
          label="System Type"
          value={filters.system}
          options={SYSTEM_OPTIONS}
          onChange={set('system')}
        />
        <SelectField
          label="Grading System"
          value={filters.grading}
          options={GRADING_OPTIONS}
          onChange={set('grading')}
        />
      </Filters>
      {loading ? (
        <Notice role="status">{SYLLABUS_TEXTS.loading}</Notice>
      ) : result.error?.offline ? (
        <OfflineNotice />
      ) : entries.length === 0 ? (
        <Notice>
          <Muted>{SYLLABUS_TEXTS.empty}</Muted>
        </Notice>
      ) : (
        <Grid $min="300px">
          {entries.map((entry) => (
            <Card key={entry._id} data-testid="syllabus-card">
              <CardTitle>
                {entry.name} ({entry.code})
              </CardTitle>
              <SemesterTiles pdfs={entry.pdfs} />
            </Card>
          ))}
        </Grid>
      )}
    </Page>
  );
}

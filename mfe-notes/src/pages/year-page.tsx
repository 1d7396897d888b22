import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, Card, Chip, ChipRow, Grid, Muted, Page, PageTitle } from '@studyhub/shared';
import { normaliseYear, PATHS, subjectPath, yearInfo, type YearNumber } from '@studyhub/contract';
import { formatDownloads, loadSubjectCards, recordView } from '../subject-cards';
import { subjectContext } from '../subject-context';

/** product §2 titles; the fourth year is called "Final Year". */
const YEAR_TITLES: Record<YearNumber, string> = {
  1: 'First Year CSE Engineering Notes',
  2: 'Second Year CSE Engineering Notes',
  3: 'Third Year CSE Engineering Notes',
  4: 'Final Year CSE Engineering Notes',
};

const CardTop = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
  strong {
    color: ${({ theme }) => theme.colors.accent};
    white-space: nowrap;
  }
`;

const CardFoot = styled.div`
  margin-top: auto;
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  a {
    white-space: nowrap;
    font-weight: 600;
  }
`;

type Filter = 'all' | number;

export function YearPage() {
  const { pathname } = useLocation();
  const year = normaliseYear(pathname.split('/').pop() ?? '');
  if (year === null) return <Navigate to={PATHS.notes} replace />;
  return <YearSubjects key={year} year={year} />;
}

function YearSubjects({ year }: { year: YearNumber }) {
  const info = yearInfo(year);
  const [cards, setCards] = useState(() => loadSubjectCards(year));
  const [filter, setFilter] = useState<Filter>('all');
  const shown = filter === 'all' ? cards : cards.filter((card) => card.semester === String(filter));

  return (
    <Page>
      <Breadcrumb
        items={[
          { label: 'Home', to: PATHS.home },
          { label: 'Notes', to: PATHS.notes },
          { label: info.label },
        ]}
      />
      <PageTitle>{YEAR_TITLES[year]}</PageTitle>
      <ChipRow role="group" aria-label="Filter by semester">
        <Chip aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
          All Subjects
        </Chip>
        {info.semesters.map((semester) => (
          <Chip key={semester} aria-pressed={filter === semester} onClick={() => setFilter(semester)}>
            Semester {semester}
          </Chip>
        ))}
      </ChipRow>
      <Grid>
        {shown.map((card) => (
          <Card key={card.code} data-testid="subject-card">
            <CardTop>
              <strong>{card.code}</strong>
              <span>Updated: {card.updated}</span>
            </CardTop>
            <h2>{card.name}</h2>
            <Muted>{card.description}</Muted>
            <CardFoot>
              <Muted aria-label={`${formatDownloads(card.downloads)} downloads`}>
                ⬇ {formatDownloads(card.downloads)} downloads
              </Muted>
              <Link
                to={subjectPath(card.code)}
                state={subjectContext(info, card.semester)}
                onClick={() => setCards(recordView(year, card.code))}
              >
                View Notes
              </Link>
            </CardFoot>
          </Card>
        ))}
      </Grid>
    </Page>
  );
}

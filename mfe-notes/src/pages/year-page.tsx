import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  Breadcrumb,
  countUnitsWithNotes,
  Muted,
  Notice,
  Page,
  PageTitle,
  unitsWithNotesText,
  useNotesAvailability,
  useOnline,
  useSession,
} from '@studyhub/shared';
import { normaliseYear, PATHS, subjectPath, yearInfo, yearTitle, type YearNumber } from '@studyhub/contract';
import { formatDownloads, loadSubjectCards, recordView, type SubjectCard as Subject } from '../subject-cards';
import { rememberSemester } from '../semester/remember-semester';
import { subjectContext } from '../subject-context';
import { CountLine, SubjectCard, SubjectCards } from '../year/subject-card';
import { SubjectFilters, useSubjectFilters } from '../year/subject-filters';

export const YEAR_TEXTS = {
  withNotes: 'With notes',
  noneWithNotes: 'No subject here has notes yet.',
  offline:
    'You are offline: every subject still opens; how many units have notes shows when the connection returns.',
} as const;

const OfflineLine = styled(Muted)`
  margin: 0 0 16px;
`;

export function YearPage() {
  const { pathname } = useLocation();
  const year = normaliseYear(pathname.split('/').pop() ?? '');
  if (year === null) return <Navigate to={PATHS.notes} replace />;
  return <YearSubjects key={year} year={year} />;
}

function YearSubjects({ year }: { year: YearNumber }) {
  const info = yearInfo(year);
  const [cards, setCards] = useState(() => loadSubjectCards(year));
  const availability = useNotesAvailability();
  const online = useOnline();
  // Null while the counts are unknown, and for a subject that lists no units.
  const notesOf = (card: Subject) =>
    availability && card.units > 0 ? countUnitsWithNotes(availability, card.code, card.units) : null;
  const filters = useSubjectFilters(cards, availability && ((card) => (notesOf(card) ?? 0) > 0));
  // A semester chip tapped is the semester the student browses: Home starts with it (decision 041).
  const signedIn = useSession().user !== null;
  useEffect(() => {
    if (signedIn && filters.semester !== 'all') void rememberSemester(filters.semester);
  }, [signedIn, filters.semester]);

  return (
    <Page>
      <Breadcrumb
        items={[
          { label: 'Home', to: PATHS.home },
          { label: 'Notes', to: PATHS.notes },
          { label: info.label },
        ]}
      />
      <PageTitle>{yearTitle(info.key)}</PageTitle>
      <SubjectFilters year={info} filters={filters} withSomeLabel={YEAR_TEXTS.withNotes} />
      {/* The catalog is part of the page; only the counts come from the server (read again once online). */}
      {!online && availability === null && <OfflineLine role="status">{YEAR_TEXTS.offline}</OfflineLine>}
      {filters.shown.length === 0 && <Notice role="status">{YEAR_TEXTS.noneWithNotes}</Notice>}
      <SubjectCards>
        {filters.shown.map((card) => {
          const withNotes = notesOf(card);
          return (
            <SubjectCard
              key={card.code}
              code={card.code}
              name={card.name}
              description={card.description}
              aside={`Updated: ${card.updated}`}
              to={subjectPath(card.code)}
              state={subjectContext(info, card.semester)}
              cue="View Notes"
              // "View Notes" adds 1 to the local count (product §4).
              onOpen={() => setCards(recordView(year, card.code))}
              foot={
                <>
                  {withNotes !== null && (
                    <CountLine $some={withNotes > 0}>{unitsWithNotesText(withNotes, card.units)}</CountLine>
                  )}
                  <span>⬇ {formatDownloads(card.downloads)} downloads</span>
                </>
              }
            />
          );
        })}
      </SubjectCards>
    </Page>
  );
}

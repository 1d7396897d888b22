import { useId, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  Breadcrumb,
  Card,
  Chip,
  ChipRow,
  countUnitsWithNotes,
  Grid,
  Muted,
  Notice,
  Page,
  PageTitle,
  unitsWithNotesText,
  useNotesAvailability,
} from '@studyhub/shared';
import { normaliseYear, PATHS, subjectPath, yearInfo, type YearNumber } from '@studyhub/contract';
import { formatDownloads, loadSubjectCards, recordView, type SubjectCard } from '../subject-cards';
import { subjectContext, type SubjectContext } from '../subject-context';

/** product §2 titles; the fourth year is called "Final Year". */
const YEAR_TITLES: Record<YearNumber, string> = {
  1: 'First Year CSE Engineering Notes',
  2: 'Second Year CSE Engineering Notes',
  3: 'Third Year CSE Engineering Notes',
  4: 'Final Year CSE Engineering Notes',
};

export const YEAR_TEXTS = {
  withNotes: 'With notes',
  noneWithNotes: 'No subject here has notes yet.',
} as const;

const PHONE = '@media (max-width: 599px)';

/** On a phone the chips stay one row that scrolls sideways instead of wrapping into three. */
const Filters = styled(ChipRow)`
  ${PHONE} {
    flex-wrap: nowrap;
    overflow-x: auto;
    margin: 0 -20px 16px;
    padding: 2px 20px;
    scrollbar-width: none;
  }
  button {
    flex: none;
    white-space: nowrap;
  }
`;

const SemesterChips = styled.div`
  display: flex;
  gap: 10px;
`;

const Cards = styled(Grid)`
  ${PHONE} {
    gap: 10px;
  }
`;

/** The whole card is the tap target: its one link stretches over it (the "stretched link" pattern). */
const LinkedCard = styled(Card)`
  position: relative;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  h2 {
    margin: 0;
  }
  ${PHONE} {
    padding: 12px 14px;
    gap: 4px;
    h2 {
      font-size: 1.05rem;
    }
  }
`;

const CardLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  /* The card's outline shows the focus. */
  &:focus {
    outline: none;
  }
  ${PHONE} {
    &::before {
      /* Empty alternative text: the chevron is a cue to the eye, not part of the link's name. */
      content: '›' / '';
      float: right;
      margin-left: 8px;
      color: ${({ theme }) => theme.colors.primary};
    }
  }
`;

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

const Description = styled(Muted)`
  ${PHONE} {
    font-size: 0.9rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const CardFoot = styled.div`
  margin-top: auto;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 4px 12px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const NotesCount = styled.span<{ $some: boolean }>`
  font-weight: 600;
  color: ${({ $some, theme }) => ($some ? theme.colors.success : theme.colors.muted)};
`;

/** The visible cue of wider screens; the card's link is what a tap or a screen reader opens. */
const ViewCue = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
  ${PHONE} {
    display: none;
  }
`;

type Semester = 'all' | number;

export function YearPage() {
  const { pathname } = useLocation();
  const year = normaliseYear(pathname.split('/').pop() ?? '');
  if (year === null) return <Navigate to={PATHS.notes} replace />;
  return <YearSubjects key={year} year={year} />;
}

function YearSubjects({ year }: { year: YearNumber }) {
  const info = yearInfo(year);
  const [cards, setCards] = useState(() => loadSubjectCards(year));
  const [semester, setSemester] = useState<Semester>('all');
  const [withNotesOnly, setWithNotesOnly] = useState(false);
  const availability = useNotesAvailability();
  // Null while the counts are unknown, and for a subject that lists no units.
  const notesOf = (card: SubjectCard) =>
    availability && card.units > 0 ? countUnitsWithNotes(availability, card.code, card.units) : null;

  const ofSemester = semester === 'all' ? cards : cards.filter((card) => card.semester === String(semester));
  const withNotes = ofSemester.filter((card) => (notesOf(card) ?? 0) > 0);
  // The chip exists only once the counts are known, so it is never on while they are not.
  const shown = withNotesOnly && availability ? withNotes : ofSemester;

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
      <Filters data-chip-row>
        <SemesterChips role="group" aria-label="Filter by semester">
          <Chip aria-pressed={semester === 'all'} onClick={() => setSemester('all')}>
            All Subjects
          </Chip>
          {info.semesters.map((number) => (
            <Chip key={number} aria-pressed={semester === number} onClick={() => setSemester(number)}>
              Semester {number}
            </Chip>
          ))}
        </SemesterChips>
        {availability && (
          <Chip aria-pressed={withNotesOnly} onClick={() => setWithNotesOnly(!withNotesOnly)}>
            {YEAR_TEXTS.withNotes} ({withNotes.length})
          </Chip>
        )}
      </Filters>
      {shown.length === 0 && <Notice role="status">{YEAR_TEXTS.noneWithNotes}</Notice>}
      <Cards>
        {shown.map((card) => (
          <SubjectCardView
            key={card.code}
            card={card}
            context={subjectContext(info, card.semester)}
            withNotes={notesOf(card)}
            onOpen={() => setCards(recordView(year, card.code))}
          />
        ))}
      </Cards>
    </Page>
  );
}

interface SubjectCardViewProps {
  card: SubjectCard;
  context: SubjectContext;
  /** How many units have notes; null when unknown. */
  withNotes: number | null;
  /** "View Notes": adds 1 to the local count (product §4). */
  onOpen(): void;
}

/** One link, named by the subject; the rest of the card describes it. */
function SubjectCardView({ card, context, withNotes, onOpen }: SubjectCardViewProps) {
  const id = useId();
  return (
    <LinkedCard data-testid="subject-card">
      <CardTop id={`${id}-top`}>
        <strong>{card.code}</strong>
        <span>Updated: {card.updated}</span>
      </CardTop>
      <h2>
        <CardLink
          to={subjectPath(card.code)}
          state={context}
          aria-describedby={`${id}-top ${id}-description ${id}-foot`}
          onClick={onOpen}
        >
          {card.name}
        </CardLink>
      </h2>
      <Description id={`${id}-description`}>{card.description}</Description>
      <CardFoot id={`${id}-foot`}>
        {withNotes !== null && (
          <NotesCount $some={withNotes > 0}>{unitsWithNotesText(withNotes, card.units)}</NotesCount>
        )}
        <span>⬇ {formatDownloads(card.downloads)} downloads</span>
        <ViewCue aria-hidden="true">View Notes ›</ViewCue>
      </CardFoot>
    </LinkedCard>
  );
}

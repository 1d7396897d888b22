import { useState } from 'react';
import styled from 'styled-components';
import { Chip, ChipRow } from '@studyhub/shared';
import type { YearInfo } from '@studyhub/contract';
import { PHONE } from './subject-card';

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

type Semester = 'all' | number;

/**
 * A year page's filters (decision 033): a semester, and "with some" — the subjects that have at least one of
 * what the page lists. `hasSome` is null while that is unknown: the chip is then absent, so never on.
 */
export function useSubjectFilters<Card extends { semester: string }>(
  cards: readonly Card[],
  hasSome: ((card: Card) => boolean) | null,
) {
  const [semester, setSemester] = useState<Semester>('all');
  const [withSomeOnly, setWithSomeOnly] = useState(false);
  const ofSemester = semester === 'all' ? cards : cards.filter((card) => card.semester === String(semester));
  const withSome = hasSome ? ofSemester.filter(hasSome) : [];
  return {
    semester,
    setSemester,
    withSomeOnly,
    toggleWithSome: () => setWithSomeOnly(!withSomeOnly),
    /** How many the "with some" chip counts; null while unknown. */
    withSomeCount: hasSome ? withSome.length : null,
    shown: withSomeOnly && hasSome ? withSome : ofSemester,
  };
}

interface SubjectFiltersProps {
  year: YearInfo;
  filters: ReturnType<typeof useSubjectFilters>;
  /** "With notes": the chip's words, before its count. */
  withSomeLabel: string;
}

/** The semester chips and the "with some" chip, one row. */
export function SubjectFilters({ year, filters, withSomeLabel }: SubjectFiltersProps) {
  const { semester, setSemester, withSomeOnly, toggleWithSome, withSomeCount } = filters;
  return (
    <Filters data-chip-row>
      <SemesterChips role="group" aria-label="Filter by semester">
        <Chip aria-pressed={semester === 'all'} onClick={() => setSemester('all')}>
          All Subjects
        </Chip>
        {year.semesters.map((number) => (
          <Chip key={number} aria-pressed={semester === number} onClick={() => setSemester(number)}>
            Semester {number}
          </Chip>
        ))}
      </SemesterChips>
      {withSomeCount !== null && (
        <Chip aria-pressed={withSomeOnly} onClick={toggleWithSome}>
          {withSomeLabel} ({withSomeCount})
        </Chip>
      )}
    </Filters>
  );
}

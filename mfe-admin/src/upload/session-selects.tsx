import styled from 'styled-components';
import { SelectField } from '@studyhub/shared';
import { sessionMonths, sessionYears } from './exam-sessions';

/** Month and year side by side, even on a phone: two short selects, level when a label takes two lines. */
const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  align-items: end;
`;

interface SessionSelectsProps {
  /** "Exam": the selects are "Exam month" and "Exam year". */
  label: string;
  month: string;
  year: string;
  disabled: boolean;
  problems?: { month?: string; year?: string };
  onChange(changes: { month?: string; year?: string }): void;
}

/** An exam session as a month and a year; the months of this year stop at this month (decision 034). */
export function SessionSelects({
  label,
  month,
  year,
  disabled,
  problems = {},
  onChange,
}: SessionSelectsProps) {
  return (
    <Pair>
      <SelectField
        label={`${label} month`}
        placeholder="Month"
        value={month}
        problem={problems.month}
        disabled={disabled}
        options={sessionMonths(year)}
        onChange={(chosen) => onChange({ month: chosen })}
      />
      <SelectField
        label={`${label} year`}
        placeholder="Year"
        value={year}
        problem={problems.year}
        disabled={disabled}
        options={sessionYears()}
        onChange={(chosen) => onChange({ year: chosen })}
      />
    </Pair>
  );
}

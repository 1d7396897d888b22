import { useState } from 'react';
import styled from 'styled-components';
import { Button, FieldHint, FieldProblem } from '@studyhub/shared';
import {
  ASKED_IN_MAX,
  compareSessionsNewestFirst,
  parseExamSession,
  type ExamSession,
} from '@studyhub/contract/schemas';
import { UPLOAD_TEXTS } from '../texts';
import { sessionMonths, sessionText } from './exam-sessions';
import { SessionSelects } from './session-selects';

const Box = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  margin: 0;
  padding: 12px 16px 16px;
  display: grid;
  gap: 10px;
  legend {
    font-weight: 600;
    padding: 0 6px;
  }
`;

const Chosen = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  li {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    padding-left: 14px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** Sessions newest first, each once, as the server keeps them. */
function newestFirst(sessions: readonly string[]): string[] {
  const read = sessions
    .map((text) => parseExamSession(text))
    .filter((s): s is ExamSession => typeof s === 'object' && s !== null);
  return [...new Map(read.map((session) => [session.label, session])).values()]
    .sort(compareSessionsNewestFirst)
    .map((session) => session.label);
}

interface AskedInFieldProps {
  sessions: readonly string[];
  disabled: boolean;
  problem?: string;
  onChange(sessions: string[]): void;
}

/** The sessions a question was asked in: a month and a year, added one by one, removed with their ✕. */
export function AskedInField({ sessions, disabled, problem, onChange }: AskedInFieldProps) {
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const full = sessions.length >= ASKED_IN_MAX;

  function add() {
    onChange(newestFirst([...sessions, sessionText(month, year)]));
    setMonth('');
  }

  return (
    <Box disabled={disabled}>
      <legend>{UPLOAD_TEXTS.askedInLegend}</legend>
      <SessionSelects
        label="Asked-in"
        month={month}
        year={year}
        disabled={disabled || full}
        onChange={(changes) => {
          if (changes.month !== undefined) setMonth(changes.month);
          if (changes.year !== undefined) {
            setYear(changes.year);
            if (!sessionMonths(changes.year).some((option) => option.value === month)) setMonth('');
          }
        }}
      />
      <div>
        <Button $variant="secondary" disabled={!month || !year || full} onClick={add}>
          {UPLOAD_TEXTS.addSession}
        </Button>
      </div>
      {sessions.length > 0 && (
        <Chosen aria-label="Sessions added">
          {sessions.map((session) => (
            <li key={session}>
              {session}
              <Button
                $variant="ghost"
                aria-label={UPLOAD_TEXTS.removeSession(session)}
                onClick={() => onChange(sessions.filter((other) => other !== session))}
              >
                ✕
              </Button>
            </li>
          ))}
        </Chosen>
      )}
      {problem ? (
        <FieldProblem role="alert">{problem}</FieldProblem>
      ) : (
        <FieldHint>{UPLOAD_TEXTS.askedInHint}</FieldHint>
      )}
    </Box>
  );
}

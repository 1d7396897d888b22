import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  Chip,
  ChipRow,
  countUnitsWithNotes,
  Muted,
  notify,
  serverMessageOr,
  unitsWithNotesText,
  useApiQuery,
  useNotesAvailability,
  useSession,
} from '@studyhub/shared';
import {
  normaliseSemester,
  subjectPath,
  yearInfo,
  yearOfSemester,
  type SemesterNumber,
} from '@studyhub/contract';
import { SUBJECTS } from '@studyhub/contract/catalog';
import { getRecentNotes } from '../api/get-recent-notes';
import { getSemester } from '../api/get-semester';
import { putSemester } from '../api/put-semester';
import { sendKeptProgress } from '../progress/browser-progress';
import { uploadDate } from '../recent/recent-notes';
import { subjectContext } from '../subject-context';
import { STUDY_TEXTS } from '../study/study-texts';
import { CountLine, SubjectCard, SubjectCards } from '../year/subject-card';
import { ContinueReading } from './continue-reading';
import { semesterIsNow } from './remember-semester';

const SEMESTERS: readonly SemesterNumber[] = [1, 2, 3, 4, 5, 6, 7, 8];

const Section = styled.section`
  margin: 8px 0 40px;
  display: grid;
  gap: 16px;
  h2 {
    margin: 0;
    font-size: 1.4rem;
  }
  h3 {
    margin: 8px 0 8px;
    font-size: 1.1rem;
  }
`;

/** Eight chips in one row that fits a 320 px phone: the semester is one tap away. */
const SemesterChips = styled(ChipRow)`
  display: grid;
  grid-template-columns: repeat(8, minmax(0, 1fr));
  gap: 6px;
  max-width: 480px;
  margin: 0;
  button {
    min-width: 0;
    padding: 0;
  }
`;

const ShowAll = styled(Button)`
  margin-top: 12px;
`;

const Uploads = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 6px;
`;

/**
 * Home's "Your semester" for a signed-in user (decision 041), lent to the shell as `notes/YourSemester`: the
 * semester with chips to change it (or a row to choose one), Continue reading, the semester's subjects with how
 * many units have notes, and what was uploaded for it lately.
 */
export function YourSemester() {
  const { user } = useSession();
  const userId = user?._id ?? null;
  const semesterQuery = useApiQuery(userId && `semester:${userId}`, (signal) => getSemester(signal), {
    onSuccess: (reply) => semesterIsNow(reply.semester),
  });
  const [choosing, setChoosing] = useState<number | null>(null);
  // Pages this phone read offline or kept unsent go now, not at the next page turn (decision 041).
  useEffect(() => {
    if (userId !== null) sendKeptProgress(userId);
  }, [userId]);
  if (userId === null || semesterQuery.status !== 'ready') return null;
  const semester = normaliseSemester(semesterQuery.data.semester ?? 0);

  async function choose(next: SemesterNumber) {
    if (next === semester) return;
    setChoosing(next);
    try {
      const reply = await putSemester(next);
      semesterIsNow(reply.semester);
      semesterQuery.update(() => reply);
    } catch (error) {
      notify.error(serverMessageOr('Could not change the semester.')(error));
    }
    setChoosing(null);
  }

  return (
    <Section aria-labelledby="your-semester" data-testid="your-semester">
      <h2 id="your-semester">
        {semester === null ? STUDY_TEXTS.chooseSemester : STUDY_TEXTS.yourSemester(semester)}
      </h2>
      {semester === null && <Muted>{STUDY_TEXTS.chooseSemesterIntro}</Muted>}
      <SemesterChips role="group" aria-label={STUDY_TEXTS.chooseSemester}>
        {SEMESTERS.map((number) => (
          <Chip
            key={number}
            aria-pressed={number === semester}
            aria-label={STUDY_TEXTS.semesterChipLabel(number)}
            disabled={choosing !== null}
            onClick={() => void choose(number)}
          >
            {number}
          </Chip>
        ))}
      </SemesterChips>
      <ContinueReading userId={userId} />
      {semester !== null && <SemesterSubjects semester={semester} />}
      {semester !== null && <SemesterUploads semester={semester} />}
    </Section>
  );
}

/** How many subject cards Home shows before "Show all": a phone's screen or two, not ten cards. */
const SUBJECTS_SHOWN = 4;

function SemesterSubjects({ semester }: { semester: SemesterNumber }) {
  const availability = useNotesAvailability();
  const [all, setAll] = useState(false);
  const year = yearInfo(yearOfSemester(semester));
  const subjects = SUBJECTS.filter((subject) => subject.semester === semester && subject.inYearList);
  const shown = all ? subjects : subjects.slice(0, SUBJECTS_SHOWN);
  return (
    <section aria-labelledby="semester-subjects">
      <h3 id="semester-subjects">{STUDY_TEXTS.subjects}</h3>
      <SubjectCards>
        {shown.map((subject) => {
          const withNotes = availability
            ? countUnitsWithNotes(availability, subject.code, subject.units.length)
            : null;
          return (
            <SubjectCard
              key={subject.code}
              code={subject.code}
              name={subject.name}
              description={subject.description}
              aside={`Semester ${semester}`}
              to={subjectPath(subject.code)}
              state={subjectContext(year, String(semester))}
              cue="View Notes"
              foot={
                withNotes !== null && (
                  <CountLine $some={withNotes > 0}>
                    {unitsWithNotesText(withNotes, subject.units.length)}
                  </CountLine>
                )
              }
            />
          );
        })}
      </SubjectCards>
      {shown.length < subjects.length && (
        <ShowAll $variant="secondary" onClick={() => setAll(true)}>
          {STUDY_TEXTS.showAllSubjects(subjects.length)}
        </ShowAll>
      )}
    </section>
  );
}

function SemesterUploads({ semester }: { semester: SemesterNumber }) {
  const recent = useApiQuery('recent-notes', getRecentNotes);
  if (recent.status !== 'ready') return null;
  const year = yearInfo(yearOfSemester(semester));
  const ofSemester = recent.data.filter((note) => normaliseSemester(note.semester) === semester);
  return (
    <section aria-labelledby="semester-uploads">
      <h3 id="semester-uploads">{STUDY_TEXTS.recentUploads}</h3>
      {ofSemester.length === 0 ? (
        <Muted>{STUDY_TEXTS.noRecentUploads}</Muted>
      ) : (
        <Uploads>
          {ofSemester.map((note) => (
            <li key={note._id}>
              <Link to={subjectPath(note.subjectCode)} state={subjectContext(year, String(semester))}>
                {note.subject} ({note.unit})
              </Link>{' '}
              <Muted as="span">
                · <time dateTime={note.createdAt}>{uploadDate(note.createdAt)}</time>
              </Muted>
            </li>
          ))}
        </Uploads>
      )}
    </section>
  );
}

/**
 * The semester a student's Home starts with, remembered from browsing (decision 041): opening a subject page or a
 * year page's semester chip writes it when it differs from what the server holds. The server's answer is read
 * once per page load and kept here, so browsing within one semester sends nothing.
 */
import { getSemester } from '../api/get-semester';
import { putSemester } from '../api/put-semester';

/** 'unknown': the server could not be asked (offline, a failure); nothing is written then. */
let known: Promise<number | null | 'unknown'> | null = null;

function serverSemester(): Promise<number | null | 'unknown'> {
  known ??= getSemester().then(
    (reply) => reply.semester,
    () => {
      known = null;
      return 'unknown' as const;
    },
  );
  return known;
}

/** What Home read or chose: kept so the next subject page of the same semester writes nothing. */
export function semesterIsNow(semester: number | null): void {
  known = Promise.resolve(semester);
}

/** Writes `semester` as the student's when the server holds another (or none). Never throws. */
export async function rememberSemester(semester: number): Promise<void> {
  const current = await serverSemester();
  if (current === semester || current === 'unknown') return;
  try {
    await putSemester(semester);
    semesterIsNow(semester);
  } catch (error) {
    console.warn('Could not remember the semester', error);
  }
}

/** Forgets the server's answer: the next write asks again (a test's fresh start). */
export function forgetServerSemester(): void {
  known = null;
}

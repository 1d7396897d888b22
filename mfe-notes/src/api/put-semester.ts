import { apiPut } from '@studyhub/shared';
import { semesterReply, type SemesterReply } from '@studyhub/contract/schemas';

/** PUT /api/me/semester (signed in, decision 041): the semester the student browses now. */
export async function putSemester(semester: number): Promise<SemesterReply> {
  return apiPut('/api/me/semester', { semester }, __STUDYHUB_CHECK_REPLIES__ && semesterReply);
}

/** The availability read as the API answers it, for the notes area's page tests. */
import { jest } from '@jest/globals';
import { apiClient, type SubjectAvailability } from '@studyhub/shared';

/**
 * GET /api/notes/availability answers `subjects`; `others` answers every other call (by default never, so a
 * page's own read stays loading).
 */
export function answerAvailabilityOf(
  subjects: Record<string, SubjectAvailability>,
  others: (url: string) => Promise<unknown> = () => new Promise(() => undefined),
) {
  return jest
    .spyOn(apiClient, 'get')
    .mockImplementation(((url: string) =>
      url === '/api/notes/availability'
        ? Promise.resolve({ data: { branch: 'CSE', subjects } })
        : others(url)) as never);
}

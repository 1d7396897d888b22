/** Walks over the route table (route-spellings.test.ts, security-headers.test.ts). */

/** A path a route would answer for real: parameters filled with values that exist or look right. */
export function concretePath(url: string): string {
  const values: Record<string, string> = {
    id: '00000000-0000-4000-8000-000000000000',
    token: 'A'.repeat(43),
    branch: 'CSE',
    year: 'ThirdYear',
    semester: 'Semester_5',
    subjectCode: 'CS-501',
    unitNumber: '1',
  };
  return url.replace(/:(\w+)/g, (_all, name: string) => values[name] ?? 'x1');
}

/** The query a route needs to get past its validation, for walks over the route table. */
export const ROUTE_QUERIES: Record<string, string> = {
  '/api/notes/units': '?subject=CS-501',
  '/api/papers': '?subject=CS-501',
  '/api/papers/upload': '?subject=CS-501&session=May%202024',
  '/api/questions': '?subject=CS-501',
};

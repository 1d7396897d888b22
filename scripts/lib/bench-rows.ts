/**
 * Rows the benches write straight into the database: a current, approved note file of a made-up subject (one
 * per subject and unit, so each is its unit's current file), with no bytes behind it.
 */
export function benchNoteFile(id: string, subjectCode: string, semester: number, now: string) {
  return {
    id,
    branch: 'CSE',
    year: 3,
    semester,
    subject_code: subjectCode,
    unit: 1,
    storage_name: `${id}.pdf`,
    original_name: 'bench.pdf',
    size: 1,
    sha256: '',
    uploaded_by: null,
    uploaded_at: now,
    current: 1,
    state: 'approved' as const,
    published_at: now,
  };
}

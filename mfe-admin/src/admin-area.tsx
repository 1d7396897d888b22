import { Navigate } from 'react-router-dom';
import type { AreaRoutesProps } from '@studyhub/shared';
import { AddSyllabusPage } from './pages/add-syllabus-page';
import { SyllabusTablePage } from './pages/syllabus-table-page';
import { UploadNotesPage } from './pages/upload-notes-page';

/** Pages built so far; the other admin rows of the route table (home, users) come in later releases. */
const PAGES: Record<string, () => React.JSX.Element> = {
  'upload-notes': () => <UploadNotesPage />,
  'add-syllabus': AddSyllabusPage,
  'syllabus-table': SyllabusTablePage,
};

/** The admin area's pages, chosen by the shell's route table (ROUTE_TABLE in @studyhub/shared). */
export function AdminArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  return Page ? <Page /> : <Navigate to="/" replace />;
}

import { Navigate } from 'react-router-dom';
import type { AreaRoutesProps } from '@studyhub/shared';
import { UploadNotesPage } from './pages/upload-notes-page';

/** Pages built so far; the other admin rows of the route table (home, syllabus, users) come in later releases. */
const PAGES: Record<string, () => React.JSX.Element> = {
  'upload-notes': () => <UploadNotesPage />,
};

/** The admin area's pages, chosen by the shell's route table (ROUTE_TABLE in @studyhub/shared). */
export function AdminArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  return Page ? <Page /> : <Navigate to="/" replace />;
}

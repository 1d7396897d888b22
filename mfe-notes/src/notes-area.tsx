import { Navigate } from 'react-router-dom';
import type { AreaRoutesProps } from '@studyhub/contract';
import { BranchPage } from './pages/branch-page';
import { NoNotesPage } from './pages/no-notes-page';
import { NotesPage } from './pages/notes-page';
import { SubjectPage } from './pages/subject-page';
import { YearPage } from './pages/year-page';

const PAGES: Record<string, () => React.JSX.Element> = {
  branch: BranchPage,
  'no-notes': NoNotesPage,
  notes: NotesPage,
  year: YearPage,
  subject: SubjectPage,
};

/** The notes area's pages, chosen by the shell's route table (ROUTE_TABLE in @studyhub/contract). */
export function NotesArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  return Page ? <Page /> : <Navigate to="/" replace />;
}

import { Navigate } from 'react-router-dom';
import type { AreaRoutesProps } from '@studyhub/contract';
import { BookmarksPage } from './pages/bookmarks-page';
import { BranchPage } from './pages/branch-page';
import { FollowingPage } from './pages/following-page';
import { NoNotesPage } from './pages/no-notes-page';
import { NotesPage } from './pages/notes-page';
import { PapersSubjectPage } from './pages/papers-subject-page';
import { QuestionsSubjectPage } from './pages/questions-subject-page';
import { ResourcePage } from './pages/resource-page';
import { ResourceYearPage } from './pages/resource-year-page';
import { SavedPage } from './pages/saved-page';
import { SearchPage } from './pages/search-page';
import { SubjectPage } from './pages/subject-page';
import { UnfollowPage } from './pages/unfollow-page';
import { YearPage } from './pages/year-page';

const PAGES: Record<string, () => React.JSX.Element> = {
  branch: BranchPage,
  'no-notes': NoNotesPage,
  notes: NotesPage,
  year: YearPage,
  subject: SubjectPage,
  // Previous-year papers and important questions (decision 034), browsed like notes.
  papers: () => <ResourcePage kind="papers" />,
  'papers-year': () => <ResourceYearPage kind="papers" />,
  'papers-subject': PapersSubjectPage,
  questions: () => <ResourcePage kind="questions" />,
  'questions-year': () => <ResourceYearPage kind="questions" />,
  'questions-subject': QuestionsSubjectPage,
  // Files kept on the phone for offline reading (decision 036).
  saved: SavedPage,
  // Search inside the notes (decision 040): each hit opens the reader at its page.
  search: SearchPage,
  // Picking up where a student left off (decision 041).
  bookmarks: BookmarksPage,
  following: FollowingPage,
  unfollow: UnfollowPage,
};

/** The notes area's pages, chosen by the shell's route table (ROUTE_TABLE in @studyhub/contract). */
export function NotesArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  return Page ? <Page /> : <Navigate to="/" replace />;
}

import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { ROUTE_TABLE, type Access, type AreaRoutesProps } from '@studyhub/contract';
import { ActivityPage } from './pages/activity-page';
import { AddSyllabusPage } from './pages/add-syllabus-page';
import { AdminHomePage } from './pages/admin-home-page';
import { MessagesPage } from './pages/messages-page';
import { MyUploadsPage } from './pages/my-uploads-page';
import { ReviewUploadsPage } from './pages/review-uploads-page';
import { SyllabusTablePage } from './pages/syllabus-table-page';
import { UploadNotesPage } from './pages/upload-notes-page';
import { UsersPage } from './pages/users-page';
import { AdminSessionCheck } from './session/admin-session-check';

/** The admin area's pages by the page key of the shell's route table (ROUTE_TABLE in @studyhub/contract). */
const PAGES: Record<string, () => ReactElement> = {
  home: AdminHomePage,
  'upload-notes': () => <UploadNotesPage />,
  'my-uploads': MyUploadsPage,
  'review-uploads': ReviewUploadsPage,
  'add-syllabus': AddSyllabusPage,
  'syllabus-table': SyllabusTablePage,
  users: UsersPage,
  activity: ActivityPage,
  messages: MessagesPage,
};

/** Who may open the page, as the route table says; a page missing from it is treated as admin-only. */
const accessOf = (page: string): Access =>
  ROUTE_TABLE.find((route) => route.area === 'admin' && route.page === page)?.access ?? 'admin';

/** Every page of the area first checks the session with the server (product §6, §8). */
export function AdminArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  if (!Page) return <Navigate to="/" replace />;
  return (
    <AdminSessionCheck key={page} access={accessOf(page)}>
      <Page />
    </AdminSessionCheck>
  );
}

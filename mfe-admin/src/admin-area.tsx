import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { ROUTE_TABLE, type AreaRoutesProps } from '@studyhub/shared';
import { ActivityPage } from './pages/activity-page';
import { AddSyllabusPage } from './pages/add-syllabus-page';
import { AdminHomePage } from './pages/admin-home-page';
import { MessagesPage } from './pages/messages-page';
import { SyllabusTablePage } from './pages/syllabus-table-page';
import { UploadNotesPage } from './pages/upload-notes-page';
import { UsersPage } from './pages/users-page';
import { AdminSessionCheck } from './session/admin-session-check';

/** The admin area's pages by the page key of the shell's route table (ROUTE_TABLE in @studyhub/shared). */
const PAGES: Record<string, () => ReactElement> = {
  home: AdminHomePage,
  'upload-notes': () => <UploadNotesPage />,
  'add-syllabus': AddSyllabusPage,
  'syllabus-table': SyllabusTablePage,
  users: UsersPage,
  activity: ActivityPage,
  messages: MessagesPage,
};

const isAdminOnly = (page: string) =>
  ROUTE_TABLE.some((route) => route.area === 'admin' && route.page === page && route.access === 'admin');

/** Every admin page first checks the session with the server (product §6, §8). */
export function AdminArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  if (!Page) return <Navigate to="/" replace />;
  return (
    <AdminSessionCheck key={page} adminOnly={isAdminOnly(page)}>
      <Page />
    </AdminSessionCheck>
  );
}

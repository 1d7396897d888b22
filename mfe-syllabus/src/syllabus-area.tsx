import { Navigate } from 'react-router-dom';
import type { AreaRoutesProps } from '@studyhub/contract';
import { SyllabusPage } from './pages/syllabus-page';

const PAGES: Record<string, () => React.JSX.Element> = {
  syllabus: SyllabusPage,
};

/** The syllabus area's pages, chosen by the shell's route table (ROUTE_TABLE in @studyhub/contract). */
export function SyllabusArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  return Page ? <Page /> : <Navigate to="/" replace />;
}

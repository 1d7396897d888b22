import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  CountBadge,
  Grid,
  isAdmin,
  Notice,
  Page,
  PageTitle,
  Spinner,
  usePendingReviewCount,
  useSession,
} from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { ADMIN_TEXTS } from '../texts';

/** product §2's four cards, then the pages beyond SPEC (decision 010; the review queue, decision 026). */
const CARDS = [
  {
    title: 'Upload Notes',
    to: PATHS.uploadNotes,
    about: 'Add a unit’s PDF for students to preview and download.',
  },
  {
    title: 'Review uploads',
    to: PATHS.reviewUploads,
    about: 'Read teachers’ uploads, then approve or reject them before students see them.',
  },
  {
    title: 'Add Syllabus',
    to: PATHS.addSyllabus,
    about: 'Add a department’s semester syllabus or scheme links.',
  },
  {
    title: 'Manage Syllabus',
    to: PATHS.syllabusTable,
    about: 'Edit, delete and de-duplicate syllabus entries.',
  },
  {
    title: 'User Roles',
    to: PATHS.users,
    about: 'Make users students, teachers or admins; delete accounts.',
  },
  { title: 'Activity', to: PATHS.activity, about: 'Who did what and when: sign-ins, uploads, changes.' },
  { title: 'Messages', to: PATHS.messages, about: 'What users wrote on the Contact page.' },
] as const;

const CardLink = styled(Link)`
  display: grid;
  gap: 8px;
  padding: 22px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** /admin (product §2): the admin's start page. It wants the exact role `admin` (product §6). */
export function AdminHomePage() {
  const { status, user } = useSession();
  const waiting = usePendingReviewCount(user);
  if (status === 'loading') return <Spinner label="Loading session" />;
  if (!isAdmin(user, { exact: true })) {
    return (
      <Page>
        <Notice role="alert">{ADMIN_TEXTS.accessDenied}</Notice>
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle>{ADMIN_TEXTS.welcome}</PageTitle>
      <nav aria-label="Administration">
        <Grid $min="240px">
          {CARDS.map((card) => (
            <CardLink key={card.to} to={card.to}>
              <h2>
                {card.title}
                {card.to === PATHS.reviewUploads && waiting !== null && waiting > 0 && (
                  <CountBadge count={waiting} of="waiting" />
                )}
              </h2>
              <p>{card.about}</p>
            </CardLink>
          ))}
        </Grid>
      </nav>
    </Page>
  );
}

import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CountBadge, usePendingReviewCount, useSession, type SessionUser } from '@studyhub/shared';
import { mayOpen, PATHS, SUPPORT_EMAIL } from '@studyhub/contract';
import { usePageIsLive } from '../../frame/use-page-is-live';

type Visitor = 'anonymous' | 'student' | 'teacher' | 'admin';

interface QuickLink {
  label: string;
  to: string;
}

/**
 * What each visitor can do from Home (decision 026): only links they may follow, so nobody meets a refusal. Admins
 * keep product §2's four links, with the review queue beside them; teachers upload and follow their uploads.
 */
export const QUICK_LINKS: Record<Visitor, readonly QuickLink[]> = {
  anonymous: [
    { label: 'Log in to read notes', to: PATHS.login },
    { label: 'Create an account', to: PATHS.register },
  ],
  student: [
    { label: 'Browse notes', to: PATHS.branch },
    { label: 'Syllabus & scheme', to: PATHS.syllabus },
  ],
  teacher: [
    { label: 'Upload Notes', to: PATHS.uploadNotes },
    { label: 'My uploads', to: PATHS.myUploads },
    { label: 'Browse notes', to: PATHS.branch },
  ],
  admin: [
    { label: 'Admin Dashboard', to: PATHS.admin },
    { label: 'Review uploads', to: PATHS.reviewUploads },
    { label: 'Upload Notes', to: PATHS.uploadNotes },
    { label: 'Manage Syllabus', to: PATHS.syllabusTable },
    { label: 'User Roles', to: PATHS.users },
  ],
};

/** The most a role may do, as the route table's guards decide it (the server decides again on every call). */
function visitorOf(user: SessionUser | null): Visitor {
  if (!user) return 'anonymous';
  if (mayOpen('admin', user)) return 'admin';
  return mayOpen('teacher', user) ? 'teacher' : 'student';
}

const Section = styled.section`
  margin: 0 0 48px;
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
  }
  a {
    display: inline-block;
    padding: 10px 16px;
    border-radius: 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    text-decoration: none;
  }
`;

/** Home's shortcuts for this visitor, then "Feedback & support" for everyone (product §2). */
export function QuickLinks() {
  // The prerendered page, and React taking it over, show what an anonymous visitor sees (as does a session
  // still loading): the session may be read before Home hydrates, and the HTML must match what was prerendered.
  const live = usePageIsLive();
  const { user } = useSession();
  const visitor = live ? visitorOf(user) : 'anonymous';
  const waiting = usePendingReviewCount(live ? user : null);

  return (
    <Section aria-labelledby="quick-links">
      <h2 id="quick-links">Quick Links</h2>
      <ul>
        {QUICK_LINKS[visitor].map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              {link.label}
              {link.to === PATHS.reviewUploads && waiting !== null && waiting > 0 && (
                <CountBadge count={waiting} of="waiting" />
              )}
            </Link>
          </li>
        ))}
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}?subject=StudyHub%20feedback`}>Feedback &amp; support</a>
        </li>
      </ul>
    </Section>
  );
}

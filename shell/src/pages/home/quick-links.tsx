import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CountBadge, usePendingReviewCount } from '@studyhub/shared';
import { PATHS, SUPPORT_EMAIL } from '@studyhub/contract';
import { useVisitor, type Visitor } from '../../frame/visitor';

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
  const { visitor, user } = useVisitor();
  const waiting = usePendingReviewCount(user);

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

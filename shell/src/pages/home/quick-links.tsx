import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  FRAME_TOAST_AUTO_CLOSE_MS,
  isAdmin,
  MESSAGES,
  PATHS,
  SUPPORT_EMAIL,
  useSession,
  notify,
} from '@studyhub/shared';

const ADMIN_LINKS = [
  { label: 'Admin Dashboard', to: PATHS.admin },
  { label: 'Upload Notes', to: PATHS.uploadNotes },
  { label: 'Manage Syllabus', to: PATHS.syllabusTable },
  { label: 'User Roles', to: PATHS.users },
] as const;

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

/** Admin shortcuts; anyone else gets the SPEC toast and stays on Home (product §6). */
export function QuickLinks() {
  const { user } = useSession();
  const navigate = useNavigate();
  const admin = isAdmin(user);

  return (
    <Section aria-labelledby="quick-links">
      <h2 id="quick-links">Quick Links</h2>
      <ul>
        {ADMIN_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={(event) => {
                event.preventDefault();
                if (admin) navigate(link.to);
                else notify.error(MESSAGES.adminsOnlyToast, { autoClose: FRAME_TOAST_AUTO_CLOSE_MS });
              }}
            >
              {link.label}
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

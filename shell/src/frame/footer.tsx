import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS } from '@studyhub/contract';
import { ReleaseLine } from './release-line';
import { FOOTER_COPYRIGHT_YEAR } from '../constants';

const Foot = styled.footer`
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding: 32px 20px 20px;
  font-size: 0.95rem;
`;

const Columns = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  h2 {
    font-size: 1rem;
    margin: 0 0 8px;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
  }
  /* Stacked links a finger can tell apart: each 44 px tall. */
  li a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    min-width: 44px;
  }
`;

const Newsletter = styled.form`
  display: flex;
  gap: 8px;
  input {
    flex: 1;
    min-width: 0;
    padding: 8px 10px;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: inherit;
  }
  button {
    min-height: 44px;
    padding: 8px 12px;
    border-radius: 8px;
    border: 0;
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Copyright = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  margin: 28px 0 0;
`;

export function Footer() {
  return (
    <Foot>
      <Columns>
        <section>
          <h2>StudyHub</h2>
          <p>Unit-wise notes and syllabus for engineering students, in one place.</p>
        </section>
        <section>
          <h2>Explore</h2>
          <ul>
            <li>
              <Link to={PATHS.notes}>Notes</Link>
            </li>
            <li>
              <Link to={PATHS.syllabus}>Syllabus</Link>
            </li>
            <li>
              <Link to={PATHS.about}>About</Link>
            </li>
            <li>
              <Link to={PATHS.contact}>Contact-us</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Contact</h2>
          <ul>
            <li>Phone: Update Soon</li>
            <li>Address: Update Soon</li>
          </ul>
        </section>
        <section>
          <h2>Newsletter</h2>
          {/* product §2: the Subscribe button is disabled and does nothing. */}
          <Newsletter onSubmit={(event) => event.preventDefault()}>
            <input type="email" placeholder="Your email" aria-label="Newsletter email" />
            <button type="submit" disabled>
              Subscribe
            </button>
          </Newsletter>
        </section>
      </Columns>
      <Copyright>© {FOOTER_COPYRIGHT_YEAR} StudyHub. All rights reserved.</Copyright>
      <ReleaseLine />
    </Foot>
  );
}

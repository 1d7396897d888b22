import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { useEffect, useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@studyhub/shared/testing';
import { DocumentTitle } from './document-title';
import { RouteFocus } from './route-focus';
import { CONTENT_ID, SkipLink } from './skip-link';

/** An area's page: its heading arrives after its code has loaded. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return <main>{loaded ? <h1>Choose Your Branch</h1> : <p role="status">Loading</p>}</main>;
}

function Site() {
  return (
    <>
      <SkipLink />
      <DocumentTitle />
      <RouteFocus />
      <header>
        <Link to="/">Home link</Link>
        <Link to="/about">About link</Link>
        <Link to="/branch">Branch link</Link>
      </header>
      <div id={CONTENT_ID} tabIndex={-1}>
        <Routes>
          <Route
            path="/"
            element={
              <main>
                <h1>Unlock Your Academic Potential</h1>
                <button type="button">In the page</button>
              </main>
            }
          />
          <Route
            path="/about"
            element={
              <main>
                <h1>About StudyHub</h1>
              </main>
            }
          />
          <Route path="/branch" element={<SlowPage />} />
        </Routes>
      </div>
    </>
  );
}

describe('skip link', () => {
  it('is the first focusable element and moves focus to the content', async () => {
    renderWithProviders(<Site />);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#content');

    await userEvent.keyboard('{Enter}');
    expect(document.getElementById(CONTENT_ID)).toHaveFocus();
    // The next Tab is inside the page, past the header's links.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'In the page' })).toHaveFocus();
  });
});

describe('tab titles', () => {
  it.each([
    ['/', 'StudyHub'],
    ['/about', 'About · StudyHub'],
    ['/branch', 'Choose Your Branch · StudyHub'],
    ['/notes/ThirdYear', 'Third Year CSE Engineering Notes · StudyHub'],
    ['/notes/CS-501', 'Subject Units · StudyHub'],
    ['/admin/users', 'User Roles · StudyHub'],
  ])('%s is titled "%s"', (route, title) => {
    renderWithProviders(<Site />, { route });
    expect(document.title).toBe(title);
  });

  it('follows client-side navigation', async () => {
    renderWithProviders(<Site />);
    await userEvent.click(screen.getByRole('link', { name: 'About link' }));
    expect(document.title).toBe('About · StudyHub');
  });
});

describe('focus after navigation', () => {
  it('stays put on the first load', () => {
    renderWithProviders(<Site />);
    expect(document.body).toHaveFocus();
  });

  it('moves to the new page’s main heading, which takes focus without becoming a tab stop', async () => {
    renderWithProviders(<Site />);
    await userEvent.click(screen.getByRole('link', { name: 'About link' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'About StudyHub' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('waits for a heading that appears after the page has loaded', async () => {
    renderWithProviders(<Site />);
    await userEvent.click(screen.getByRole('link', { name: 'Branch link' }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Branch link' })).toHaveFocus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Branch' })).toHaveFocus();
  });

  it('leaves focus where the visitor moved it while the page was loading', async () => {
    renderWithProviders(<Site />);
    await userEvent.click(screen.getByRole('link', { name: 'Branch link' }));
    act(() => screen.getByRole('link', { name: 'Home link' }).focus());
    await screen.findByRole('heading', { level: 1, name: 'Choose Your Branch' });
    expect(screen.getByRole('link', { name: 'Home link' })).toHaveFocus();
  });
});

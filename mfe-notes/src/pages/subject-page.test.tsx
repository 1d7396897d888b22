import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { findSubject } from '@studyhub/shared';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

const THIRD_YEAR_SEM_5 = { branch: 'CSE', year: 'ThirdYear', semester: '5' };
const UNIT_1_PATH = '/api/download/CSE/Third_Year/Semester_5/CS-501/1';

function renderSubject(code: string, state?: unknown) {
  return renderWithProviders(
    <Routes>
      <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
    </Routes>,
    { route: `/notes/${code}`, state, user: STUDENT },
  );
}

const unitCards = () => screen.queryAllByTestId('unit-card');

beforeEach(() => localStorage.clear());

describe('SubjectPage without context', () => {
  it.each([
    ['no state', undefined],
    ['null', null],
    ['a missing semester', { branch: 'CSE', year: 'ThirdYear' }],
    ['a numeric semester', { branch: 'CSE', year: 'ThirdYear', semester: 5 }],
    ['an unknown year', { branch: 'CSE', year: 'FifthYear', semester: '5' }],
    ['an unknown semester', { branch: 'CSE', year: 'ThirdYear', semester: '9' }],
  ])('asks to navigate via the Notes page when given %s', (_label, state) => {
    renderSubject('CS-501', state);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Missing subject context. Please navigate via the Notes page.',
    );
    expect(screen.queryByRole('heading', { name: /Units/ })).not.toBeInTheDocument();
    expect(unitCards()).toHaveLength(0);
  });
});

describe('SubjectPage with context', () => {
  it('shows "Subject Not Found" for an unknown code', () => {
    renderSubject('CS-999', THIRD_YEAR_SEM_5);
    expect(screen.getByRole('heading', { level: 1, name: 'Subject Not Found' })).toBeInTheDocument();
    expect(unitCards()).toHaveLength(0);
  });

  it('shows the units heading, a breadcrumb and one card per unit', () => {
    renderSubject('CS-501', THIRD_YEAR_SEM_5);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Theory of Computation - Units' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home>Notes>Third Year>CS-501');
    expect(within(crumbs).getByRole('link', { name: 'Third Year' })).toHaveAttribute(
      'href',
      '/notes/ThirdYear',
    );

    expect(unitCards()).toHaveLength(5);
    const topics = findSubject('CS-501')!.units;
    unitCards().forEach((card, index) => {
      expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(`Unit ${index + 1}`);
      expect(within(card).getByText(topics[index]!)).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Preview Notes' })).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Download Notes' })).toBeInTheDocument();
    });
  });

  it.each([
    ['CS-505', 6, THIRD_YEAR_SEM_5],
    ['CS-506', 1, THIRD_YEAR_SEM_5],
    ['CS-302', 7, { branch: 'CSE', year: 'SecondYear', semester: '3' }],
    ['CS-406(D)', 5, { branch: 'CSE', year: 'SecondYear', semester: '4' }],
  ])('%s has %p unit cards', (code, count, state) => {
    renderSubject(code, state);
    expect(unitCards()).toHaveLength(count);
  });

  it('says so when a subject lists no units', () => {
    renderSubject('BT-108', { branch: 'CSE', year: 'FirstYear', semester: '1' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Swachh Bharat Summer Internship - Units' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No units are listed for this subject.')).toBeInTheDocument();
    expect(unitCards()).toHaveLength(0);
  });

  it('finds the subject whatever the case of the code in the address', () => {
    renderSubject('cs-501', THIRD_YEAR_SEM_5);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Theory of Computation - Units' }),
    ).toBeInTheDocument();
    expect(within(unitCards()[0]!).getByRole('link', { name: 'Download Notes' })).toHaveAttribute(
      'href',
      UNIT_1_PATH,
    );
  });

  it('Download Notes links to the unit file in a new tab', () => {
    renderSubject('CS-501', THIRD_YEAR_SEM_5);
    unitCards().forEach((card, index) => {
      const link = within(card).getByRole('link', { name: 'Download Notes' });
      expect(link).toHaveAttribute('href', `/api/download/CSE/Third_Year/Semester_5/CS-501/${index + 1}`);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });
  });

  it.each([
    ['the key spelling', THIRD_YEAR_SEM_5],
    ['lower case', { branch: 'CSE', year: 'thirdyear', semester: '5' }],
    ['the upload-form spelling', { branch: 'CSE', year: 'Third Year', semester: 'Semester 5' }],
    ['underscores', { branch: 'CSE', year: 'Third_Year', semester: 'Semester_5' }],
  ])('gives the same link for a context written in %s', (_label, state) => {
    renderSubject('CS-501', state);
    expect(within(unitCards()[0]!).getByRole('link', { name: 'Download Notes' })).toHaveAttribute(
      'href',
      UNIT_1_PATH,
    );
  });

  it('keeps the parentheses of elective codes in the link', () => {
    renderSubject('CS-503(A)', THIRD_YEAR_SEM_5);
    expect(screen.getByRole('heading', { level: 1, name: 'Data Analytics - Units' })).toBeInTheDocument();
    expect(within(unitCards()[2]!).getByRole('link', { name: 'Download Notes' })).toHaveAttribute(
      'href',
      '/api/download/CSE/Third_Year/Semester_5/CS-503(A)/3',
    );
  });
});

describe('SubjectPage preview', () => {
  async function openPreview(unitIndex = 0) {
    renderSubject('CS-501', THIRD_YEAR_SEM_5);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(unitCards()[unitIndex]!).getByRole('button', { name: 'Preview Notes' }));
    return screen.getByRole('dialog');
  }

  it('opens a dialog with the unit PDF in an embedded frame', async () => {
    const dialog = await openPreview();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName(/CS-501 · Unit 1/);
    const frame = dialog.querySelector('iframe');
    expect(frame).not.toBeNull();
    expect(frame).toHaveAttribute('src', UNIT_1_PATH);
    expect(frame).toHaveAttribute('title');
  });

  it('previews the unit whose button was pressed', async () => {
    const dialog = await openPreview(3);
    expect(dialog.querySelector('iframe')).toHaveAttribute(
      'src',
      '/api/download/CSE/Third_Year/Semester_5/CS-501/4',
    );
  });

  it('the close button closes it', async () => {
    const dialog = await openPreview();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await userEvent.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('Escape closes it', async () => {
    await openPreview();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a click outside the dialog closes it, a click inside does not', async () => {
    const dialog = await openPreview();
    await userEvent.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

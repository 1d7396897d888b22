import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient, type SessionUser } from '@studyhub/shared';
import { ADMIN, httpError, renderWithProviders, TEACHER } from '@studyhub/shared/testing';
import { UploadNotesPage } from './upload-notes-page';

const pdf = (name = 'dbms-may-2024.pdf') => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });

const PAPER_REPLY = {
  message: 'Paper uploaded.',
  state: 'approved',
  paper: {
    _id: 'p1',
    subject: 'Database Management Systems',
    subjectCode: 'CS-502',
    session: 'May 2024',
    scheme: null,
  },
};
const QUESTION_REPLY = {
  message: 'Question received.',
  state: 'pending',
  question: {
    _id: 'q1',
    subjectCode: 'CS-502',
    unit: 3,
    text: 'Define BCNF.',
    marks: 7,
    askedIn: ['May 2024'],
  },
};

let user: UserEvent;

function renderPage(who: SessionUser = ADMIN) {
  return renderWithProviders(<UploadNotesPage />, { route: '/admin/upload-notes', user: who });
}

const select = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLSelectElement;
const kind = (name: string) => screen.getByRole('radio', { name });

/** CS-502 (Third Year, Semester 5) chosen. */
async function chooseSubject() {
  await user.selectOptions(select('Branch'), 'CSE');
  await user.selectOptions(select('Year'), 'Third Year');
  await user.selectOptions(select('Semester'), 'Semester 5');
  await user.selectOptions(select('Subject'), 'CS-502 — Database Management Systems');
}

beforeEach(() => {
  localStorage.clear();
  user = userEvent.setup();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('UploadNotesPage kinds (decision 034)', () => {
  it('offers Notes, Question paper and Important question, Notes first; the subject stays across kinds', async () => {
    renderPage();
    const group = screen.getByRole('group', { name: 'What are you uploading?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Notes', 'Question paper', 'Important question']);
    expect(kind('Notes')).toBeChecked();
    await chooseSubject();

    await user.click(kind('Question paper'));
    expect(select('Subject').value).toBe('CS-502');
    expect(screen.queryByLabelText('Unit', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByLabelText('PDF file')).toBeInTheDocument();
    expect(select('Exam month')).toBeInTheDocument();
    expect(screen.getByLabelText('Scheme (optional)')).toBeInTheDocument();

    await user.click(kind('Important question'));
    expect(screen.queryByLabelText('PDF file')).not.toBeInTheDocument();
    expect(select('Unit').value).toBe('');
    expect(screen.getByLabelText('Question')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send question' })).toBeInTheDocument();
  });
});

describe('a question paper', () => {
  it('offers only sessions that have come: this year’s months stop at this month', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-15T12:00:00.000Z'), advanceTimers: true });
    renderPage();
    await user.click(kind('Question paper'));
    const months = () =>
      within(select('Exam month'))
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent);
    expect(months()).toHaveLength(12);
    await user.selectOptions(select('Exam year'), '2026');
    expect(months()).toEqual(['Jan', 'Feb', 'Mar']);
    expect(within(select('Exam year')).getAllByRole('option')[1]).toHaveTextContent('2026');
  });

  it('marks the missing PDF and session, then sends subject, session and scheme with the PDF', async () => {
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ status: 201, data: PAPER_REPLY });
    renderPage();
    await user.click(kind('Question paper'));
    await chooseSubject();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('⚠️ Please fill in the marked fields.');
    expect(screen.getByLabelText('PDF file')).toHaveAccessibleDescription('Choose a PDF file.');
    expect(select('Exam month')).toHaveAccessibleDescription('Choose the exam month.');
    expect(select('Exam year')).toHaveAccessibleDescription('Choose the exam year.');
    expect(post).not.toHaveBeenCalled();

    const file = pdf();
    await user.upload(screen.getByLabelText('PDF file'), file);
    await user.selectOptions(select('Exam year'), '2024');
    await user.selectOptions(select('Exam month'), 'May');
    await user.type(screen.getByLabelText('Scheme (optional)'), '2019 scheme');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const [url, body, config] = post.mock.calls[0]!;
    expect(url).toBe('/api/papers/upload');
    expect((body as FormData).get('pdf')).toBe(file);
    expect(config).toEqual(
      expect.objectContaining({ params: { subject: 'CS-502', session: 'May 2024', scheme: '2019 scheme' } }),
    );
    expect(await screen.findByText('✅ Upload successful!')).toBeInTheDocument();
  });

  it('after success keeps the subject and scheme, clears the PDF and the session', async () => {
    jest.useFakeTimers();
    user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ status: 201, data: { ...PAPER_REPLY, state: 'pending' } });
    renderPage(TEACHER);
    await user.click(kind('Question paper'));
    await chooseSubject();
    await user.upload(screen.getByLabelText('PDF file'), pdf());
    await user.selectOptions(select('Exam year'), '2023');
    await user.selectOptions(select('Exam month'), 'Dec');
    await user.type(screen.getByLabelText('Scheme (optional)'), 'CBGS');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('✅ Upload received! An admin will review it before students can see it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await act(async () => jest.advanceTimersByTime(1_500));
    expect(select('Subject').value).toBe('CS-502');
    expect(screen.getByLabelText('Scheme (optional)')).toHaveValue('CBGS');
    expect(select('Exam month').value).toBe('');
    expect(select('Exam year').value).toBe('');
    expect((screen.getByLabelText('PDF file') as HTMLInputElement).files).toHaveLength(0);
    expect(kind('Question paper')).toBeChecked();
  });

  it('shows the server’s message when it refuses the paper', async () => {
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(
        httpError(409, { message: 'You have 10 uploads waiting for review, the most at once.' }),
      );
    renderPage(TEACHER);
    await user.click(kind('Question paper'));
    await chooseSubject();
    await user.upload(screen.getByLabelText('PDF file'), pdf());
    await user.selectOptions(select('Exam year'), '2024');
    await user.selectOptions(select('Exam month'), 'May');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText(
        '❌ Upload failed. Please try again. You have 10 uploads waiting for review, the most at once.',
      ),
    ).toBeInTheDocument();
    expect(select('Exam month').value).toBe('May');
  });
});

describe('an important question', () => {
  async function fillQuestion() {
    await user.click(kind('Important question'));
    await chooseSubject();
    await user.selectOptions(select('Unit'), 'Unit 3');
    await user.type(screen.getByLabelText('Question'), 'Define BCNF.{enter}Give an example.');
  }

  it('marks the missing unit and words, and the unit offers each topic', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderPage();
    await user.click(kind('Important question'));
    await chooseSubject();
    expect(within(select('Unit')).getAllByRole('option')[1]).toHaveTextContent(/^Unit 1 — /);
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(screen.getByRole('alert')).toHaveTextContent('⚠️ Please fill in the marked fields.');
    expect(select('Unit')).toHaveAccessibleDescription('Choose a unit.');
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription('Please write the question.');
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses marks out of range at the field, in the server’s words, before sending', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderPage();
    await fillQuestion();
    await user.type(screen.getByLabelText('Marks (optional)'), '150');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(screen.getByRole('alert')).toHaveTextContent('⚠️ Please correct the marked fields.');
    expect(screen.getByLabelText('Marks (optional)')).toHaveAccessibleDescription(
      'Marks are a whole number from 1 to 100.',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('adds asked-in sessions newest first, each once, removes one, and sends the question', async () => {
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ status: 201, data: QUESTION_REPLY });
    renderPage(TEACHER);
    await fillQuestion();
    await user.type(screen.getByLabelText('Marks (optional)'), '7');
    const add = screen.getByRole('button', { name: 'Add session' });
    expect(add).toBeDisabled();
    for (const [month, year] of [
      ['Dec', '2022'],
      ['May', '2024'],
      ['Dec', '2022'],
      ['Jun', '2023'],
    ]) {
      await user.selectOptions(select('Asked-in year'), year!);
      await user.selectOptions(select('Asked-in month'), month!);
      await user.click(add);
    }
    const added = () =>
      within(screen.getByRole('list', { name: 'Sessions added' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent);
    expect(added()).toEqual(['May 2024', 'Jun 2023', 'Dec 2022']);
    await user.click(screen.getByRole('button', { name: 'Remove Jun 2023' }));
    expect(added()).toEqual(['May 2024', 'Dec 2022']);

    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(post).toHaveBeenCalledWith(
      '/api/questions',
      {
        subject: 'CS-502',
        unit: 3,
        text: 'Define BCNF.\nGive an example.',
        marks: 7,
        askedIn: ['May 2024', 'Dec 2022'],
      },
      expect.objectContaining({ timeout: 10_000 }),
    );
    expect(
      await screen.findByText('✅ Question received! An admin will review it before students can see it.'),
    ).toBeInTheDocument();
    // The next question of the same unit: the subject and unit stay, the words and sessions go.
    expect(select('Unit').value).toBe('Unit 3');
    expect(screen.getByLabelText('Question')).toHaveValue('');
    expect(screen.getByLabelText('Marks (optional)')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Sessions added' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send question' })).toBeEnabled();
  });

  it('a refused question says why, with the question’s own failure words', async () => {
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(
        httpError(400, { message: 'The question contains characters that are not allowed.' }),
      );
    renderPage();
    await fillQuestion();
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(
      await screen.findByText(
        '❌ The question could not be sent. Please try again. The question contains characters that are not allowed.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveValue('Define BCNF.\nGive an example.');
  });
});

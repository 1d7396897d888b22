import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import type { QuestionsReply } from '@studyhub/contract/schemas';
import { httpError, renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';
import { answerAvailabilityOf } from '../testing/availability';

const REPLY: QuestionsReply = {
  subject: 'Database Management Systems',
  units: [
    {
      unit: 1,
      title: 'Introduction to DBMS',
      questions: [
        {
          _id: 'q1',
          text: 'Explain the three-schema architecture.\n(a) internal\n(b) conceptual',
          marks: 10,
          askedIn: ['May 2024', 'Dec 2023'],
        },
        { _id: 'q2', text: 'What is data independence?', marks: null, askedIn: [] },
      ],
    },
    { unit: 2, title: 'Relational model', questions: [] },
    {
      unit: 3,
      title: 'Normalisation',
      questions: [{ _id: 'q3', text: 'Define BCNF with an example.', marks: 7, askedIn: ['Jun 2022'] }],
    },
  ],
};

function answerQuestions(reply: QuestionsReply | Error = REPLY) {
  return answerAvailabilityOf({ 'CS-502': { units: [1], papers: 3, questions: 3 } }, (url) =>
    url !== '/api/questions'
      ? new Promise(() => undefined)
      : reply instanceof Error
        ? Promise.reject(reply)
        : Promise.resolve({ data: reply }),
  );
}

function renderQuestions(code: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/questions/:subjectCode" element={<NotesArea page="questions-subject" />} />
    </Routes>,
    { route: `/questions/${code}`, user: STUDENT },
  );
}

const units = () => screen.queryAllByTestId('question-unit');

afterEach(() => {
  jest.restoreAllMocks();
});

describe('/questions/{subjectCode}', () => {
  it('lists every unit in order, each with its questions, marks and sessions', async () => {
    const get = answerQuestions();
    renderQuestions('cs-502');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Database Management Systems - Important Questions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the important questions…');
    await waitFor(() => expect(units()).toHaveLength(3));
    expect(get).toHaveBeenCalledWith('/api/questions', {
      params: { subject: 'CS-502' },
      signal: expect.any(AbortSignal),
    });
    expect(screen.getByRole('status')).toHaveTextContent('3 questions in 2 units.');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Unit 1: Introduction to DBMS',
      'Unit 2: Relational model',
      'Unit 3: Normalisation',
    ]);

    const [one, two, three] = units();
    expect(one).toHaveAccessibleName('Unit 1: Introduction to DBMS');
    const questions = within(one!).getAllByTestId('question');
    expect(questions).toHaveLength(2);
    expect(questions[0]).toHaveTextContent('Explain the three-schema architecture.');
    expect(within(questions[0]!).getByText(/\(b\) conceptual/).textContent).toContain('\n(a) internal\n');
    expect(questions[0]).toHaveTextContent('10 marks');
    expect(questions[0]).toHaveTextContent('Asked in May 2024 · Dec 2023');
    expect(questions[1]).toHaveTextContent(/^What is data independence\?$/);
    expect(two).toHaveTextContent('No questions yet');
    expect(within(three!).getByTestId('question')).toHaveTextContent('7 marksAsked in Jun 2022');
  });

  it('links back to the notes and to the papers, with their counts', async () => {
    answerQuestions();
    renderQuestions('CS-502');
    const more = screen.getByRole('navigation', { name: 'More for this subject' });
    expect(await within(more).findByRole('link', { name: 'Papers (3)' })).toHaveAttribute(
      'href',
      '/papers/CS-502',
    );
    expect(within(more).getByRole('link', { name: 'Notes (1 of 5 units)' })).toHaveAttribute(
      'href',
      '/notes/CS-502',
    );
  });

  it('says plainly when no unit has questions', async () => {
    answerQuestions({
      subject: 'Database Management Systems',
      units: REPLY.units.map((unit) => ({ ...unit, questions: [] })),
    });
    renderQuestions('CS-502');
    expect(await screen.findByText('No unit has questions yet.')).toBeInTheDocument();
    expect(screen.getAllByText('No questions yet')).toHaveLength(3);
  });

  it('a failed read shows the server’s message and Try again', async () => {
    const get = answerQuestions(httpError(503, { message: 'The service is busy. Please try again soon.' }));
    renderQuestions('CS-502');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the important questions.');
    expect(alert).toHaveTextContent('The service is busy. Please try again soon.');
    get.mockImplementation(((url: string) =>
      url === '/api/questions' ? Promise.resolve({ data: REPLY }) : new Promise(() => undefined)) as never);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(units()).toHaveLength(3));
  });
});

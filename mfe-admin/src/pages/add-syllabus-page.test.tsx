import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import type { SyllabusEntry } from '@studyhub/contract/schemas';
import { ADMIN, deferred, httpError, renderWithProviders } from '@studyhub/shared/testing';
import { AddSyllabusPage } from './add-syllabus-page';

const DUPLICATE = httpError(400, {
  message: 'Duplicate syllabus entry: one already exists for this code, program, system, grading and type.',
});

const EXISTING: SyllabusEntry = {
  _id: 'cse-1',
  name: 'Computer Science',
  code: 'CSE',
  program: 'B.Tech',
  system: 'Semester',
  grading: 'Grading',
  uploadType: 'Syllabus',
  pdfs: { '1': 'https://example.edu/old-1.pdf', '2': 'https://example.edu/old-2.pdf' },
  createdAt: '2025-05-09T10:00:00.000Z',
};

let user: UserEvent;
let post: jest.SpiedFunction<typeof apiClient.post>;
let get: jest.SpiedFunction<typeof apiClient.get>;
let put: jest.SpiedFunction<typeof apiClient.put>;

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const link = (semester: number) => screen.getByLabelText(`Semester ${semester} PDF`) as HTMLInputElement;
const optionTexts = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent);
const submit = () => user.click(screen.getByRole('button', { name: 'Add Syllabus' }));
const sentBody = (spy: typeof post | typeof put) => spy.mock.calls[0]?.[1];
const saved = (entry: SyllabusEntry) => ({ data: { message: 'ok', entry } }) as never;

function renderPage() {
  return renderWithProviders(<AddSyllabusPage />, { route: '/admin/add-syllabus', user: ADMIN });
}

beforeEach(() => {
  localStorage.clear();
  user = userEvent.setup();
  post = jest.spyOn(apiClient, 'post');
  get = jest.spyOn(apiClient, 'get');
  put = jest.spyOn(apiClient, 'put');
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('AddSyllabusPage form', () => {
  it('offers the SPEC departments, programs, systems and gradings with their defaults, and eight links', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Syllabus' })).toBeInTheDocument();
    expect(optionTexts('Department')).toEqual([
      'Select department',
      'Computer Science (CSE)',
      'Information Technology (IT)',
      'Civil Engineering (CE)',
      'Electrical Engineering (EE)',
      'Electronics & Communication (EC)',
    ]);
    expect(optionTexts('Program')).toEqual(['B.Tech', 'M.Tech', 'MCA', 'MCA Dual Degree']);
    expect(optionTexts('System')).toEqual(['Semester', 'Annual']);
    expect(optionTexts('Grading')).toEqual(['CBCS', 'CBGS', 'Non Grading System', 'Grading']);
    expect(optionTexts('Upload Type')).toEqual(['Syllabus', 'Scheme']);
    expect(
      [select('Program'), select('System'), select('Grading'), select('Upload Type')].map((s) => s.value),
    ).toEqual(['B.Tech', 'Semester', 'Grading', 'Syllabus']);
    for (let semester = 1; semester <= 8; semester += 1) {
      expect(link(semester)).toHaveAttribute('type', 'url');
      expect(link(semester)).not.toBeRequired();
    }
  });

  it('asks for a department and sends nothing without one', async () => {
    renderPage();
    await submit();
    expect(select('Department')).toHaveAccessibleDescription('Choose a department.');
    expect(select('Department')).toBeInvalid();
    expect(post).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'sem1.pdf'])(
    'refuses the link %p on its own field before sending',
    async (bad) => {
      renderPage();
      await user.selectOptions(select('Department'), 'CSE');
      await user.type(link(3), bad);
      await submit();
      expect(link(3)).toHaveAccessibleDescription('Semester links must be http:// or https:// URLs.');
      expect(link(1)).not.toHaveAccessibleDescription();
      expect(post).not.toHaveBeenCalled();
    },
  );

  it('sends only the non-empty links, then says so and starts afresh', async () => {
    post.mockResolvedValue(saved(EXISTING));
    renderPage();
    await user.selectOptions(select('Department'), 'IT');
    await user.selectOptions(select('Program'), 'MCA');
    await user.selectOptions(select('System'), 'Annual');
    await user.selectOptions(select('Grading'), 'CBCS');
    await user.selectOptions(select('Upload Type'), 'Scheme');
    await user.type(link(2), '  https://example.edu/it-2.pdf ');
    await user.type(link(7), 'http://example.edu/it-7.pdf');
    await submit();

    expect(await screen.findByText('✅ Syllabus added successfully!')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0]).toBe('/api/syllabus');
    expect(sentBody(post)).toEqual({
      name: 'Information Technology',
      code: 'IT',
      program: 'MCA',
      system: 'Annual',
      grading: 'CBCS',
      uploadType: 'Scheme',
      pdfs: { '2': 'https://example.edu/it-2.pdf', '7': 'http://example.edu/it-7.pdf' },
    });
    expect(select('Department').value).toBe('');
    expect(link(2).value).toBe('');
    expect(get).not.toHaveBeenCalled();
  });

  it('is busy while the request runs', async () => {
    const held = deferred<never>();
    post.mockReturnValue(held.promise);
    renderPage();
    await user.selectOptions(select('Department'), 'CSE');
    await submit();
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(select('Department')).toBeDisabled();
    held.resolve(saved(EXISTING));
    expect(await screen.findByRole('button', { name: 'Add Syllabus' })).toBeEnabled();
  });
});

describe('AddSyllabusPage duplicate merge (product §4)', () => {
  async function addCseWithLinks(links: Record<number, string>) {
    renderPage();
    await user.selectOptions(select('Department'), 'CSE');
    for (const [semester, url] of Object.entries(links)) await user.type(link(Number(semester)), url);
    await submit();
  }

  it('fetches the existing entry, lets the new links overwrite, keeps the rest, and updates it', async () => {
    post.mockRejectedValue(DUPLICATE);
    get.mockResolvedValue({ data: [EXISTING] } as never);
    put.mockResolvedValue(saved(EXISTING));
    await addCseWithLinks({ 2: 'https://example.edu/new-2.pdf', 5: 'https://example.edu/new-5.pdf' });

    expect(await screen.findByText('✅ Syllabus updated with new semester links!')).toBeInTheDocument();
    expect(get.mock.calls[0]?.[1]).toEqual({
      params: {
        code: 'CSE',
        program: 'B.Tech',
        system: 'Semester',
        grading: 'Grading',
        uploadType: 'Syllabus',
      },
    });
    expect(put.mock.calls[0]?.[0]).toBe('/api/syllabus/cse-1');
    expect(sentBody(put)).toEqual({
      name: 'Computer Science',
      code: 'CSE',
      program: 'B.Tech',
      system: 'Semester',
      grading: 'Grading',
      uploadType: 'Syllabus',
      pdfs: {
        '1': 'https://example.edu/old-1.pdf',
        '2': 'https://example.edu/new-2.pdf',
        '5': 'https://example.edu/new-5.pdf',
      },
    });
    expect(screen.queryByText('✅ Syllabus added successfully!')).not.toBeInTheDocument();
  });

  it('merges only into the entry with the same key, not a look-alike in the answer', async () => {
    post.mockRejectedValue(DUPLICATE);
    get.mockResolvedValue({
      data: [{ ...EXISTING, _id: 'scheme', uploadType: 'Scheme' }, EXISTING],
    } as never);
    put.mockResolvedValue(saved(EXISTING));
    await addCseWithLinks({ 3: 'https://example.edu/new-3.pdf' });
    await screen.findByText('✅ Syllabus updated with new semester links!');
    expect(put.mock.calls[0]?.[0]).toBe('/api/syllabus/cse-1');
  });

  it('says "Syllabus not found." when the duplicate cannot be fetched back', async () => {
    post.mockRejectedValue(DUPLICATE);
    get.mockResolvedValue({ data: [] } as never);
    await addCseWithLinks({ 1: 'https://example.edu/1.pdf' });
    expect(await screen.findAllByText('Syllabus not found.')).not.toHaveLength(0);
    expect(put).not.toHaveBeenCalled();
  });

  it('says "❌ Failed to update syllabus." when the update fails, with the server’s reason', async () => {
    post.mockRejectedValue(DUPLICATE);
    get.mockResolvedValue({ data: [EXISTING] } as never);
    put.mockRejectedValue(httpError(401, { message: 'Session expired. Please log in again.' }));
    await addCseWithLinks({ 1: 'https://example.edu/1.pdf' });
    expect(await screen.findByText('❌ Failed to update syllabus.')).toBeInTheDocument();
    expect(
      screen.getByText('❌ Failed to update syllabus. Session expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(select('Department').value).toBe('CSE');
  });

  it('any other refusal says "❌ Failed to add syllabus. Check your input." and keeps the form', async () => {
    post.mockRejectedValue(httpError(403, { message: 'Admins only.' }));
    await addCseWithLinks({ 4: 'https://example.edu/4.pdf' });
    expect(await screen.findByText('❌ Failed to add syllabus. Check your input.')).toBeInTheDocument();
    expect(screen.getByText('❌ Failed to add syllabus. Check your input. Admins only.')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    expect(link(4).value).toBe('https://example.edu/4.pdf');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import type { SyllabusEntry } from '@studyhub/contract/schemas';
import { ADMIN, httpError, networkError, renderWithProviders } from '@studyhub/shared/testing';
import { SyllabusTablePage } from './syllabus-table-page';

function entry(overrides: Partial<SyllabusEntry>): SyllabusEntry {
  return {
    _id: 'cse',
    name: 'Computer Science',
    code: 'CSE',
    program: 'B.Tech',
    system: 'Semester',
    grading: 'Grading',
    uploadType: 'Syllabus',
    pdfs: { '1': 'https://example.edu/cse-1.pdf', '4': 'https://example.edu/cse-4.pdf' },
    createdAt: '2025-05-09T10:00:00.000Z',
    ...overrides,
  };
}

const CSE = entry({});
const IT = entry({ _id: 'it', name: 'Information Technology', code: 'IT', pdfs: {} });
/** As an import might have left it: a department and program the forms do not offer. */
const IMPORTED = entry({ _id: 'imp', name: 'Mining Engineering', code: 'MN', program: 'B.Arch', pdfs: {} });

let user: UserEvent;
let get: jest.SpiedFunction<typeof apiClient.get>;
let put: jest.SpiedFunction<typeof apiClient.put>;
let del: jest.SpiedFunction<typeof apiClient.delete>;

const list = (entries: SyllabusEntry[]) => ({ data: entries }) as never;
const row = (department: string) =>
  screen.getAllByTestId('syllabus-row').find((candidate) => candidate.textContent?.includes(department))!;
const rowDepartments = () =>
  screen
    .queryAllByTestId('syllabus-row')
    .map((candidate) => within(candidate).getByRole('rowheader').textContent);
const editor = () => screen.getByRole('form', { name: /^Edit / });
const dialog = () => screen.getByRole('alertdialog');

async function renderPage(entries: SyllabusEntry[] = [CSE, IT]) {
  get.mockResolvedValue(list(entries));
  renderWithProviders(<SyllabusTablePage />, { route: '/admin/syllabus-table', user: ADMIN });
  if (entries.length > 0) await screen.findAllByTestId('syllabus-row');
}

beforeEach(() => {
  localStorage.clear();
  user = userEvent.setup();
  get = jest.spyOn(apiClient, 'get');
  put = jest.spyOn(apiClient, 'put');
  del = jest.spyOn(apiClient, 'delete');
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SyllabusTablePage list', () => {
  it('lists every entry with its semester links opening in a new tab', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Syllabus' })).toBeInTheDocument();
    expect(get.mock.calls[0]?.[0]).toBe('/api/syllabus');
    expect(rowDepartments()).toEqual(['Computer Science (CSE)', 'Information Technology (IT)']);
    const links = within(row('CSE')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Semester 1 PDF',
      'Semester 4 PDF',
    ]);
    expect(links[1]).toHaveAttribute('href', 'https://example.edu/cse-4.pdf');
    expect(links[1]).toHaveAttribute('target', '_blank');
    expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(row('IT')).getByText('None')).toBeInTheDocument();
  });

  it('shows loading, then the empty state', async () => {
    await renderPage([]);
    expect(screen.getByText('Loading syllabus entries...')).toBeInTheDocument();
    expect(await screen.findByText('No syllabus entries yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clean duplicates' })).toBeDisabled();
  });

  it('says when the list cannot be loaded, and Retry loads it again', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    get.mockRejectedValueOnce(networkError());
    renderWithProviders(<SyllabusTablePage />, { route: '/admin/syllabus-table', user: ADMIN });
    expect(await screen.findByText('Could not load the syllabus entries.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    get.mockResolvedValueOnce(list([CSE]));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('syllabus-row')).toHaveLength(1);
  });
});

describe('SyllabusTablePage inline edit', () => {
  it('opens the entry’s values in place; Cancel leaves it as it was and sends nothing', async () => {
    await renderPage();
    await user.click(within(row('CSE')).getByRole('button', { name: /^Edit / }));
    expect(editor()).toHaveAccessibleName(
      'Edit Computer Science (CSE) · B.Tech · Semester · Grading · Syllabus',
    );
    expect(within(editor()).getByRole('combobox', { name: 'Department' })).toHaveValue('CSE');
    expect(within(editor()).getByLabelText('Semester 4 PDF')).toHaveValue('https://example.edu/cse-4.pdf');
    expect(within(editor()).getByLabelText('Semester 2 PDF')).toHaveValue('');
    await user.type(within(editor()).getByLabelText('Semester 2 PDF'), 'https://example.edu/x.pdf');
    await user.click(within(editor()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /^Edit / })).not.toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('Save sends the full entry, shows the saved row and closes the editor', async () => {
    const changed = {
      ...CSE,
      grading: 'CBCS',
      pdfs: { '1': CSE.pdfs['1']!, '2': 'https://example.edu/cse-2.pdf' },
    };
    put.mockResolvedValue({ data: { message: 'ok', entry: changed } } as never);
    await renderPage();
    await user.click(within(row('CSE')).getByRole('button', { name: /^Edit / }));
    await user.selectOptions(within(editor()).getByRole('combobox', { name: 'Grading' }), 'CBCS');
    await user.type(within(editor()).getByLabelText('Semester 2 PDF'), 'https://example.edu/cse-2.pdf');
    await user.clear(within(editor()).getByLabelText('Semester 4 PDF'));
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Syllabus entry saved.')).toBeInTheDocument();
    expect(put.mock.calls[0]?.[0]).toBe('/api/syllabus/cse');
    expect(put.mock.calls[0]?.[1]).toEqual({
      name: 'Computer Science',
      code: 'CSE',
      program: 'B.Tech',
      system: 'Semester',
      grading: 'CBCS',
      uploadType: 'Syllabus',
      pdfs: { '1': 'https://example.edu/cse-1.pdf', '2': 'https://example.edu/cse-2.pdf' },
    });
    expect(screen.queryByRole('form', { name: /^Edit / })).not.toBeInTheDocument();
    expect(within(row('CSE')).getByText('CBCS')).toBeInTheDocument();
  });

  it('keeps an imported entry’s own department and program when saving', async () => {
    put.mockResolvedValue({ data: { message: 'ok', entry: IMPORTED } } as never);
    await renderPage([IMPORTED]);
    await user.click(within(row('MN')).getByRole('button', { name: /^Edit / }));
    expect(within(editor()).getByRole('combobox', { name: 'Program' })).toHaveValue('B.Arch');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Syllabus entry saved.');
    expect(put.mock.calls[0]?.[1]).toMatchObject({
      name: 'Mining Engineering',
      code: 'MN',
      program: 'B.Arch',
    });
  });

  it('refuses a javascript: link in place', async () => {
    await renderPage();
    await user.click(within(row('CSE')).getByRole('button', { name: /^Edit / }));
    await user.type(within(editor()).getByLabelText('Semester 3 PDF'), 'javascript:alert(1)');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    expect(within(editor()).getByLabelText('Semester 3 PDF')).toHaveAccessibleDescription(
      'Semester links must be http:// or https:// URLs.',
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('a refused save shows the SPEC alert and the server’s reason, and keeps the editor open', async () => {
    put.mockRejectedValue(httpError(400, { message: 'Duplicate syllabus entry: one already exists.' }));
    await renderPage();
    await user.click(within(row('IT')).getByRole('button', { name: /^Edit / }));
    await user.selectOptions(within(editor()).getByRole('combobox', { name: 'Department' }), 'CSE');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Upload failed: Unauthorized or server error.')).toBeInTheDocument();
    expect(
      within(editor()).getByText(
        'Upload failed: Unauthorized or server error. Duplicate syllabus entry: one already exists.',
      ),
    ).toBeInTheDocument();
  });
});

describe('SyllabusTablePage delete and clean-up', () => {
  it('asks before deleting; Cancel deletes nothing', async () => {
    await renderPage();
    await user.click(within(row('IT')).getByRole('button', { name: /^Delete / }));
    expect(dialog()).toHaveTextContent(
      'Delete the syllabus entry Information Technology (IT) · B.Tech · Semester · Grading · Syllabus?',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();
    expect(rowDepartments()).toHaveLength(2);
  });

  it('deletes after the confirmation and removes the row', async () => {
    del.mockResolvedValue({ data: { message: 'Syllabus deleted' } } as never);
    await renderPage();
    await user.click(within(row('IT')).getByRole('button', { name: /^Delete / }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Syllabus entry deleted.')).toBeInTheDocument();
    expect(del.mock.calls[0]?.[0]).toBe('/api/syllabus/it');
    expect(rowDepartments()).toEqual(['Computer Science (CSE)']);
  });

  it('a failed delete shows "Delete failed: Unauthorized or server error." and keeps the row', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    del.mockRejectedValue(httpError(403, { message: 'Admins only.' }));
    await renderPage();
    await user.click(within(row('IT')).getByRole('button', { name: /^Delete / }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete failed: Unauthorized or server error.')).toBeInTheDocument();
    expect(rowDepartments()).toHaveLength(2);
  });

  it('cleans duplicates after the confirmation, shows the server’s count and reloads the list', async () => {
    del.mockResolvedValue({ data: { message: 'Removed 1 duplicate entry.', removed: 1 } } as never);
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Clean duplicates' }));
    expect(dialog()).toHaveTextContent(/Merge syllabus entries that differ only in case or spacing\?/);
    get.mockResolvedValue(list([CSE]));
    await user.click(within(dialog()).getByRole('button', { name: 'Clean duplicates' }));
    expect(await screen.findByText('Removed 1 duplicate entry.')).toBeInTheDocument();
    expect(del.mock.calls[0]?.[0]).toBe('/api/syllabus/cleanup/duplicates');
    expect(await screen.findAllByTestId('syllabus-row')).toHaveLength(1);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('a failed clean-up shows the SPEC alert', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    del.mockRejectedValue(httpError(500, { message: 'Internal Server Error' }));
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Clean duplicates' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Clean duplicates' }));
    expect(
      await screen.findByText('❌ Failed to clean duplicates. Check admin access or server.'),
    ).toBeInTheDocument();
  });
});

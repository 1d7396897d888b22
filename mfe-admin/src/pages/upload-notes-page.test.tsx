import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { apiClient, type SessionUser } from '@studyhub/shared';
import { UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { ADMIN, renderWithProviders, STUDENT, TEACHER } from '@studyhub/shared/testing';
import { UploadNotesPage, type UploadNotesPageProps } from './upload-notes-page';

const pdf = (name = 'unit1.pdf') => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
const REPLY = {
  message: 'Upload successful',
  state: 'approved',
  note: {
    _id: 'n1',
    subject: 'Theory of Computation',
    subjectCode: 'CS-501',
    unit: 'Unit 2',
    branch: 'CSE',
    year: 'Third Year',
    semester: 'Semester 5',
    createdAt: '2025-05-09T10:30:00.000Z',
  },
};

function renderPage(user: SessionUser | undefined = ADMIN, props: UploadNotesPageProps = {}) {
  return renderWithProviders(<UploadNotesPage {...props} />, {
    route: '/admin/upload-notes',
    ...(user ? { user } : {}),
  });
}

const field = (name: string) => screen.getByLabelText(name);
const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;
const optionTexts = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent)
    .slice(1);

let user: UserEvent;

/** The whole form filled in for CS-501 Unit 2 (Third Year, Semester 5). */
async function fillForm(file: File = pdf()) {
  await user.upload(field('PDF file'), file);
  await user.selectOptions(select('Branch'), 'CSE');
  await user.selectOptions(select('Year'), 'Third Year');
  await user.selectOptions(select('Semester'), 'Semester 5');
  await user.selectOptions(select('Subject'), 'CS-501 — Theory of Computation');
  await user.selectOptions(select('Unit'), 'Unit 2');
}

const submit = () => user.click(screen.getByRole('button', { name: 'Upload' }));

beforeEach(() => {
  localStorage.clear();
  user = userEvent.setup();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('UploadNotesPage access (decision 026)', () => {
  it('a student sees that only teachers and admins can upload, and no form', () => {
    renderPage(STUDENT);
    expect(screen.getByRole('alert')).toHaveTextContent('Only teachers and admins can upload notes.');
    expect(screen.queryByLabelText('PDF file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('a teacher gets the form, told that an admin reviews it first, with a link to My uploads', () => {
    renderPage(TEACHER);
    expect(field('PDF file')).toBeInTheDocument();
    expect(screen.getByText(/Students see what you upload once an admin approves it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My uploads' })).toHaveAttribute('href', '/my-uploads');
  });

  it('an admin whose role is spelled "Admin" gets the form, without the note on review', () => {
    renderPage({ ...ADMIN, role: 'Admin' });
    expect(field('PDF file')).toBeInTheDocument();
    expect(screen.queryByText('Only teachers and admins can upload notes.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My uploads' })).not.toBeInTheDocument();
  });
});

describe('UploadNotesPage form rules', () => {
  it('labels every control and takes PDFs only', () => {
    renderPage();
    expect(field('PDF file')).toHaveAttribute('accept', 'application/pdf,.pdf');
    for (const name of ['Branch', 'Year', 'Semester', 'Subject', 'Unit']) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(optionTexts('Branch')).toEqual(['CSE', 'ECE', 'ME', 'CE', 'EE']);
    expect(optionTexts('Year')).toEqual(['First Year', 'Second Year', 'Third Year', 'Fourth Year']);
  });

  it('offers the chosen year’s two semesters, and a new year resets the semester', async () => {
    renderPage();
    expect(select('Semester')).toBeDisabled();
    await user.selectOptions(select('Year'), 'Third Year');
    expect(optionTexts('Semester')).toEqual(['Semester 5', 'Semester 6']);
    await user.selectOptions(select('Semester'), 'Semester 6');
    expect(select('Semester').value).toBe('6');

    await user.selectOptions(select('Year'), 'Fourth Year');
    expect(select('Semester').value).toBe('');
    expect(optionTexts('Semester')).toEqual(['Semester 7', 'Semester 8']);
  });

  it('keeps the subject disabled until both branch and semester are chosen', async () => {
    renderPage();
    expect(select('Subject')).toBeDisabled();
    await user.selectOptions(select('Branch'), 'CSE');
    expect(select('Subject')).toBeDisabled();
    await user.selectOptions(select('Year'), 'Third Year');
    expect(select('Subject')).toBeDisabled();
    await user.selectOptions(select('Semester'), 'Semester 5');
    expect(select('Subject')).toBeEnabled();
  });

  it('lists the catalog’s subjects of the branch and semester as "CODE — Name"', async () => {
    renderPage();
    await user.selectOptions(select('Branch'), 'CSE');
    await user.selectOptions(select('Year'), 'Second Year');
    await user.selectOptions(select('Semester'), 'Semester 3');
    expect(optionTexts('Subject')).toEqual([
      'ES-301 — Energy & Environmental Engineering',
      'CS-302 — Discrete Structure',
      'CS-303 — Data Structure',
      'CS-304 — Digital Systems',
      'CS-305 — Object Oriented Programming & Methodology',
    ]);
  });

  it('gives CE only its named codes, and says so when a semester has none', async () => {
    renderPage();
    await user.selectOptions(select('Branch'), 'CE');
    await user.selectOptions(select('Year'), 'First Year');
    await user.selectOptions(select('Semester'), 'Semester 1');
    expect(optionTexts('Subject').map((text) => text?.split(' — ')[0])).toEqual(['BT-101', 'BT-102']);
    expect(screen.queryByText('No notes subjects for this branch yet.')).not.toBeInTheDocument();

    await user.selectOptions(select('Year'), 'Second Year');
    await user.selectOptions(select('Semester'), 'Semester 3');
    expect(select('Subject')).toBeDisabled();
    expect(optionTexts('Subject')).toEqual([]);
    expect(screen.getByText('No notes subjects for this branch yet.')).toBeInTheDocument();
    expect(select('Subject')).toHaveAccessibleDescription('No notes subjects for this branch yet.');
  });

  it('a branch without subjects says so too', async () => {
    renderPage();
    await user.selectOptions(select('Branch'), 'ECE');
    await user.selectOptions(select('Year'), 'Third Year');
    await user.selectOptions(select('Semester'), 'Semester 5');
    expect(screen.getByText('No notes subjects for this branch yet.')).toBeInTheDocument();
  });

  it('offers one unit per topic of the chosen subject', async () => {
    renderPage();
    expect(select('Unit')).toBeDisabled();
    await user.selectOptions(select('Branch'), 'CSE');
    await user.selectOptions(select('Year'), 'Third Year');
    await user.selectOptions(select('Semester'), 'Semester 5');
    await user.selectOptions(select('Subject'), 'CS-505 — Lab (Linux)');
    expect(optionTexts('Unit')).toEqual([
      'Unit 1 — Overview of Unix/Linux',
      'Unit 2 — Shell Programming',
      'Unit 3 — File System',
      'Unit 4 — Process Control',
      'Unit 5 — System Security',
      'Unit 6 — DHCP',
    ]);
    await user.selectOptions(select('Unit'), 'Unit 6');

    await user.selectOptions(select('Subject'), 'CS-506 — Lab (Python)');
    expect(optionTexts('Unit')).toEqual(['Unit 1 — Python lab experiments']);
    expect(select('Unit').value).toBe('');
  });

  it('a new branch clears the subject and unit', async () => {
    renderPage();
    await fillForm();
    await user.selectOptions(select('Branch'), 'CE');
    expect(select('Subject').value).toBe('');
    expect(select('Unit').value).toBe('');
  });

  it.each([
    ['nothing', async () => undefined],
    [
      'everything but the file',
      async () => {
        await user.selectOptions(select('Branch'), 'CSE');
        await user.selectOptions(select('Year'), 'Third Year');
        await user.selectOptions(select('Semester'), 'Semester 5');
        await user.selectOptions(select('Subject'), 'CS-501 — Theory of Computation');
        await user.selectOptions(select('Unit'), 'Unit 2');
      },
    ],
    [
      'everything but the unit',
      async () => {
        await user.upload(field('PDF file'), pdf());
        await user.selectOptions(select('Branch'), 'CSE');
        await user.selectOptions(select('Year'), 'Third Year');
        await user.selectOptions(select('Semester'), 'Semester 5');
        await user.selectOptions(select('Subject'), 'CS-501 — Theory of Computation');
      },
    ],
  ])('with %s chosen, submitting says "⚠️ All fields are required!" and sends nothing', async (_l, fill) => {
    const post = jest.spyOn(apiClient, 'post');
    renderPage();
    await fill();
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('⚠️ All fields are required!');
    expect(post).not.toHaveBeenCalled();
  });

  it('marks each missing field where it is, until it is filled', async () => {
    renderPage();
    await user.selectOptions(select('Branch'), 'CSE');
    await submit();
    expect(select('Branch')).not.toHaveAccessibleDescription();
    expect(field('PDF file')).toHaveAccessibleDescription('Choose a PDF file.');
    expect(field('PDF file')).toHaveAttribute('aria-invalid', 'true');
    expect(select('Year')).toHaveAccessibleDescription('Choose a year.');
    expect(select('Unit')).toHaveAccessibleDescription('Choose a unit.');

    await user.selectOptions(select('Year'), 'Third Year');
    expect(select('Year')).not.toHaveAccessibleDescription();
    expect(select('Semester')).toHaveAccessibleDescription('Choose a semester.');
    await user.upload(field('PDF file'), pdf());
    expect(field('PDF file')).toHaveAccessibleDescription('Chosen: unit1.pdf');
  });

  it('refuses a file that is not a PDF', async () => {
    user = userEvent.setup({ applyAccept: false });
    renderPage();
    await user.upload(field('PDF file'), new File(['hello'], 'notes.docx', { type: 'application/msword' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only PDF files can be uploaded.');
    expect(field('PDF file')).toHaveAttribute('aria-invalid', 'true');
    expect((field('PDF file') as HTMLInputElement).files).toHaveLength(0);

    await user.upload(field('PDF file'), pdf());
    expect(screen.queryByText('Only PDF files can be uploaded.')).not.toBeInTheDocument();
    expect(screen.getByText('Chosen: unit1.pdf')).toBeInTheDocument();
  });
});

describe('UploadNotesPage upload', () => {
  /** apiClient.post held open; the test moves its progress and settles it. */
  function holdPost() {
    let config: AxiosRequestConfig = {};
    let settle: { resolve(value: unknown): void; reject(error: unknown): void } = {
      resolve: () => undefined,
      reject: () => undefined,
    };
    const post = jest.spyOn(apiClient, 'post').mockImplementation((_url, _body, given) => {
      config = given ?? {};
      return new Promise((resolve, reject) => (settle = { resolve, reject })) as never;
    });
    return {
      post,
      progress: (loaded: number, total = 100) =>
        act(async () => config.onUploadProgress?.({ loaded, total, bytes: loaded } as AxiosProgressEvent)),
      resolve: (value: unknown) => act(async () => settle.resolve(value)),
      reject: (error: unknown) => act(async () => settle.reject(error)),
      config: () => config,
    };
  }

  const bar = () => screen.getByRole('progressbar', { name: 'Upload progress' });

  function useFakeClock() {
    jest.useFakeTimers();
    user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  }

  it('sends the choices, follows the real upload progress, then succeeds and moves to the next unit after 1.5 s', async () => {
    useFakeClock();
    const request = holdPost();
    renderPage();
    const file = pdf();
    await fillForm(file);
    await submit();

    expect(request.post).toHaveBeenCalledTimes(1);
    const [url, body] = request.post.mock.calls[0]!;
    expect(url).toBe('/api/upload/upload');
    expect((body as FormData).get('pdf')).toBe(file);
    expect(request.config()).toEqual(
      expect.objectContaining({
        params: {
          branch: 'CSE',
          year: 'Third Year',
          semester: 'Semester 5',
          subject: 'CS-501',
          unit: 'Unit 2',
        },
        timeout: UPLOAD_TIMEOUT_MS,
      }),
    );
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');

    await request.progress(20);
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    expect(bar()).toHaveAttribute('data-tone', 'red');
    // Real events switch the simulated climb off.
    await act(async () => jest.advanceTimersByTime(3_000));
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    await request.progress(55);
    expect(bar()).toHaveAttribute('data-tone', 'yellow');
    await request.progress(100);
    expect(bar()).toHaveAttribute('aria-valuenow', '99');
    expect(bar()).toHaveAttribute('data-tone', 'green');

    await request.resolve({ status: 201, data: REPLY });
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(await screen.findByText('✅ Upload successful!')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'notification timer' })).toHaveStyle({
      animationDuration: '4000ms',
    });

    await act(async () => jest.advanceTimersByTime(1_499));
    expect(select('Branch').value).toBe('CSE');
    expect(select('Unit').value).toBe('Unit 2');
    await act(async () => jest.advanceTimersByTime(1));
    // The teacher goes on with the same subject: its choices stay and the next unit is chosen.
    expect(['Branch', 'Year', 'Semester', 'Subject', 'Unit'].map((name) => select(name).value)).toEqual([
      'CSE',
      'Third Year',
      '5',
      'CS-501',
      'Unit 3',
    ]);
    expect((field('PDF file') as HTMLInputElement).files).toHaveLength(0);
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('climbs 10 % every 300 ms up to 70 while no progress event arrives', async () => {
    useFakeClock();
    holdPost();
    renderPage();
    await fillForm();
    await submit();
    const seen: string[] = [];
    for (let step = 0; step < 9; step += 1) {
      await act(async () => jest.advanceTimersByTime(300));
      seen.push(bar().getAttribute('aria-valuenow') ?? '');
    }
    expect(seen).toEqual(['10', '20', '30', '40', '50', '60', '70', '70', '70']);
    expect(bar()).toHaveAttribute('data-tone', 'green');
  });

  it('a failure toasts the SPEC text, shows the server’s message and keeps the choices', async () => {
    const request = holdPost();
    renderPage();
    await fillForm();
    await submit();
    await request.reject(
      Object.assign(new Error('Request failed with status code 413'), {
        isAxiosError: true,
        response: { status: 413, data: { message: 'The file is larger than 25 MB.' } },
      }),
    );
    expect(await screen.findByText('❌ Upload failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'notification timer' })).toHaveStyle({
      animationDuration: '3000ms',
    });
    expect(
      screen.getByText('❌ Upload failed. Please try again. The file is larger than 25 MB.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    expect(select('Subject').value).toBe('CS-501');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('a timeout says how long it waited, and the timeout can be raised', async () => {
    const request = holdPost();
    renderPage(ADMIN, { uploadTimeoutMs: 60_000 });
    await fillForm();
    await submit();
    expect(request.config().timeout).toBe(60_000);
    await request.reject(Object.assign(new Error('timeout of 60000ms exceeded'), { code: 'ECONNABORTED' }));
    expect(
      await screen.findByText('❌ Upload failed. Please try again. The upload did not finish within 60 s.'),
    ).toBeInTheDocument();
  });

  it("takes the server's UPLOAD_TIMEOUT_S from the site configuration, and SPEC's 10 s without it", async () => {
    const configured = holdPost();
    renderWithProviders(<UploadNotesPage />, {
      route: '/admin/upload-notes',
      user: ADMIN,
      siteConfig: { googleClientId: null, uploadTimeoutMs: 45_000 },
    });
    await fillForm();
    await submit();
    expect(configured.config().timeout).toBe(45_000);
  });

  it('waits the SPEC 10 s when the server has not said otherwise', async () => {
    const request = holdPost();
    renderPage();
    await fillForm();
    await submit();
    expect(request.config().timeout).toBe(10_000);
  });

  it('a failure without a server message shows the SPEC text alone', async () => {
    const request = holdPost();
    renderPage();
    await fillForm();
    await submit();
    await request.reject(new Error('Network Error'));
    const texts = await screen.findAllByText('❌ Upload failed. Please try again.');
    expect(texts.length).toBeGreaterThanOrEqual(2);
  });

  it('a teacher’s upload is received for review: the toast says an admin reviews it first', async () => {
    const request = holdPost();
    renderPage(TEACHER);
    await fillForm();
    await submit();
    await request.resolve({ status: 201, data: { ...REPLY, state: 'pending', message: 'Upload received.' } });
    expect(
      await screen.findByText('✅ Upload received! An admin will review it before students can see it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('✅ Upload successful!')).not.toBeInTheDocument();
  });

  it('a teacher at a cap sees the server’s reason beside the form', async () => {
    const request = holdPost();
    renderPage(TEACHER);
    await fillForm();
    await submit();
    const message =
      'You have 5 uploads waiting for review, the most at once. Upload more once an admin has decided on them.';
    await request.reject(
      Object.assign(new Error('Request failed with status code 409'), {
        isAxiosError: true,
        response: { status: 409, data: { message } },
      }),
    );
    expect(await screen.findByText(`❌ Upload failed. Please try again. ${message}`)).toBeInTheDocument();
  });
});

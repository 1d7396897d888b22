import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import { UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { uploadNote } from './upload-note';

afterEach(() => {
  jest.restoreAllMocks();
});

const QUERY = {
  branch: 'CSE',
  year: 'Third Year',
  semester: 'Semester 5',
  subject: 'CS-501',
  unit: 'Unit 1',
};
const NOTE = {
  _id: 'n1',
  subject: 'Theory of Computation',
  subjectCode: 'CS-501',
  unit: 'Unit 1',
  branch: 'CSE',
  year: 'Third Year',
  semester: 'Semester 5',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const pdf = () => new File(['%PDF-1.4'], 'unit1.pdf', { type: 'application/pdf' });

describe('uploadNote', () => {
  it('posts one file field "pdf" with the choices as the query and the SPEC timeout', async () => {
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'Upload successful', state: 'approved', note: NOTE } });
    const file = pdf();
    await expect(uploadNote(file, QUERY)).resolves.toEqual({
      message: 'Upload successful',
      state: 'approved',
      note: NOTE,
    });

    const [url, body, config] = post.mock.calls[0]!;
    expect(url).toBe('/api/upload/upload');
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()]).toEqual(['pdf']);
    expect(form.get('pdf')).toBeInstanceOf(File);
    expect((form.get('pdf') as File).name).toBe('unit1.pdf');
    expect(config).toEqual(expect.objectContaining({ params: QUERY, timeout: UPLOAD_TIMEOUT_MS }));
  });

  it('takes another timeout and reports progress events in percent', async () => {
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'Upload successful', state: 'approved', note: NOTE } });
    const onProgress = jest.fn();
    await uploadNote(pdf(), QUERY, { timeoutMs: 60_000, onProgress });
    const config = post.mock.calls[0]![2]!;
    expect(config.timeout).toBe(60_000);
    config.onUploadProgress!({ loaded: 3, total: 4, bytes: 3, lengthComputable: true });
    config.onUploadProgress!({ loaded: 3, bytes: 3, lengthComputable: false });
    expect(onProgress.mock.calls).toEqual([[75]]);
  });
});

import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import { UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { uploadPaper } from './upload-paper';

afterEach(() => {
  jest.restoreAllMocks();
});

const PAPER = {
  _id: 'p1',
  subject: 'Database Management Systems',
  subjectCode: 'CS-502',
  session: 'May 2024',
  scheme: null,
};

describe('uploadPaper', () => {
  it('posts the one PDF with subject and session in the query, leaving out a blank scheme', async () => {
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'Paper received.', state: 'pending', paper: PAPER } });
    const file = new File(['%PDF-1.4'], 'may-2024.pdf', { type: 'application/pdf' });
    await expect(uploadPaper(file, { subject: 'CS-502', session: 'May 2024', scheme: '' })).resolves.toEqual({
      message: 'Paper received.',
      state: 'pending',
      paper: PAPER,
    });
    const [url, body, config] = post.mock.calls[0]!;
    expect(url).toBe('/api/papers/upload');
    expect([...(body as FormData).keys()]).toEqual(['pdf']);
    expect(config).toEqual(
      expect.objectContaining({
        params: { subject: 'CS-502', session: 'May 2024' },
        timeout: UPLOAD_TIMEOUT_MS,
      }),
    );

    await uploadPaper(file, { subject: 'CS-502', session: 'Dec 2023', scheme: '2019 scheme' });
    expect(post.mock.calls[1]![2]).toEqual(
      expect.objectContaining({ params: { subject: 'CS-502', session: 'Dec 2023', scheme: '2019 scheme' } }),
    );
  });
});

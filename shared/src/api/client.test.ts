import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { unitsReply } from '@studyhub/contract/schemas';
import { messageReply } from '@studyhub/contract/schemas';
import { MESSAGES } from '@studyhub/contract';
import { httpError, networkError } from '../testing';
import { apiClient, apiDelete, apiErrorMessage, apiGet, apiPost, apiPut, isOfflineFailure } from './client';

afterEach(() => {
  jest.restoreAllMocks();
});

/** GET /api/notes/units for a subject with one file. */
const UNITS = {
  subject: 'CS-501',
  units: [
    {
      unit: 1,
      fileId: 'file-1',
      size: 1024,
      uploadedAt: '2026-01-01T00:00:00.000Z',
      url: '/a',
      downloadUrl: '/a?download=1',
    },
  ],
};

const answer = (data: unknown) => ({ data }) as never;

describe('the typed API calls (decision 022)', () => {
  it('answer the reply parsed with its schema, and pass the request on as it is', async () => {
    const get = jest.spyOn(apiClient, 'get').mockResolvedValue(answer(UNITS));
    const config = { params: { subject: 'CS-501' }, signal: new AbortController().signal };
    await expect(apiGet('/api/notes/units', unitsReply, config)).resolves.toEqual(UNITS);
    expect(get).toHaveBeenCalledWith('/api/notes/units', config);
  });

  it('refuse a reply that breaks its schema, naming the call and the field', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue(answer({ ...UNITS, units: [{ unit: '1' }] }));
    await expect(apiGet('/api/notes/units', unitsReply)).rejects.toThrow(
      /^GET \/api\/notes\/units: the reply breaks its schema \(units\.0\.unit: .*expected number/,
    );
    jest.spyOn(apiClient, 'post').mockResolvedValue(answer({ note: 'no message' }));
    await expect(apiPost('/api/contact', { message: 'hi' }, messageReply)).rejects.toThrow(
      /^POST \/api\/contact: the reply breaks its schema \(message: /,
    );
  });

  it('take the reply as it is when the build does not check replies (production: `false && schema`)', async () => {
    jest.spyOn(apiClient, 'put').mockResolvedValue(answer({ anything: true }));
    await expect(apiPut('/api/x', {}, false)).resolves.toEqual({ anything: true });
    const remove = jest.spyOn(apiClient, 'delete').mockResolvedValue(answer({ message: 'Syllabus deleted' }));
    await expect(apiDelete('/api/syllabus/1', messageReply)).resolves.toEqual({
      message: 'Syllabus deleted',
    });
    expect(remove).toHaveBeenCalledWith('/api/syllabus/1', undefined);
  });

  it('are switched on in this test build', () => {
    expect(__STUDYHUB_CHECK_REPLIES__).toBe(true);
  });
});

describe('apiErrorMessage (decision 037)', () => {
  it('says the visitor is offline when there was no reply and the browser has no network', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOfflineFailure(networkError())).toBe(true);
    expect(apiErrorMessage(networkError(), 'Could not load.')).toBe(MESSAGES.offline);
  });

  it("keeps the server's message, and the fallback for a reply that never came while online", () => {
    expect(isOfflineFailure(networkError())).toBe(false);
    expect(apiErrorMessage(networkError(), 'Could not load.')).toBe('Could not load.');
    expect(apiErrorMessage(httpError(400, { message: 'Duplicate entry.' }), 'Could not load.')).toBe(
      'Duplicate entry.',
    );
    // A reply that came while the browser went offline is still the server's word.
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOfflineFailure(httpError(503))).toBe(false);
  });
});

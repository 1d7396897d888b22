import { apiGet } from '@studyhub/shared';
import { contactMessagePage, type ContactMessagePage } from '@studyhub/contract/schemas';

/** GET /api/admin/messages?page (admins): contact messages, newest first. */
export async function getMessages(page: number, signal?: AbortSignal): Promise<ContactMessagePage> {
  return apiGet('/api/admin/messages', __STUDYHUB_CHECK_REPLIES__ && contactMessagePage, {
    params: { page },
    signal,
  });
}

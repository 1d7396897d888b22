import { apiClient } from '@studyhub/shared';
import type { ContactMessagePage } from '@studyhub/shared/schemas';

/** GET /api/admin/messages?page (admins): contact messages, newest first. */
export async function getMessages(page: number, signal?: AbortSignal): Promise<ContactMessagePage> {
  const { data } = await apiClient.get<ContactMessagePage>('/api/admin/messages', {
    params: { page },
    signal,
  });
  return data;
}

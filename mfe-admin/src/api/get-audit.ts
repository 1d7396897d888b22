import { apiClient } from '@studyhub/shared';
import type { AuditPage } from '@studyhub/shared/schemas';

/** GET /api/admin/audit?page (admins): the audit trail, newest first. */
export async function getAudit(page: number, signal?: AbortSignal): Promise<AuditPage> {
  const { data } = await apiClient.get<AuditPage>('/api/admin/audit', { params: { page }, signal });
  return data;
}

import { apiGet } from '@studyhub/shared';
import { auditPage, type AuditPage } from '@studyhub/contract/schemas';

/** GET /api/admin/audit?page (admins): the audit trail, newest first. */
export async function getAudit(page: number, signal?: AbortSignal): Promise<AuditPage> {
  return apiGet('/api/admin/audit', __STUDYHUB_CHECK_REPLIES__ && auditPage, { params: { page }, signal });
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertAuditRow } from '../repositories/audit-log';
import type { Clock } from '../lib/clock';

export interface AuditEntry {
  action: string;
  actorId?: string | null;
  target?: string | null;
  ip?: string | null;
  /** Never passwords, codes or tokens (docs/security.md item 30). */
  details?: Record<string, unknown>;
}

export function createAudit(db: Kysely<Database>, clock: Clock) {
  return async function audit(entry: AuditEntry): Promise<void> {
    await insertAuditRow(db, {
      at: clock().toISOString(),
      actor_id: entry.actorId ?? null,
      action: entry.action,
      // Targets come from requests (a login's email): cut to a sane length so a row stays small.
      target: entry.target?.slice(0, 320) ?? null,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    });
  };
}

export type Audit = ReturnType<typeof createAudit>;

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from './clock';

export interface AuditEntry {
  action: string;
  actorId?: string | null;
  target?: string | null;
  ip?: string | null;
  /** Never passwords, codes or tokens (SECURITY.md item 30). */
  details?: Record<string, unknown>;
}

export function createAudit(db: Kysely<Database>, clock: Clock) {
  return async function audit(entry: AuditEntry): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        at: clock().toISOString(),
        actor_id: entry.actorId ?? null,
        action: entry.action,
        target: entry.target ?? null,
        ip: entry.ip ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
      })
      .execute();
  };
}

export type Audit = ReturnType<typeof createAudit>;

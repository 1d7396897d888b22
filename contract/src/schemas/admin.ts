/**
 * The admin calls (product §7 users; beyond SPEC the audit trail and the contact inbox): requests the API
 * validates and the replies the admin area reads.
 */
import { z } from 'zod';
import { ROLES } from '../constants';
import { userSchema } from './auth';

export const ADMIN_MESSAGES = {
  role: 'Role must be student, teacher or admin.',
  page: 'Page must be a whole number from 1.',
  pageSize: 'Page size must be a whole number from 1 to 100.',
} as const;

/** PUT /api/admin/users/{id}/role. */
export const roleChangeBody = z.object({ role: z.enum(ROLES, { error: ADMIN_MESSAGES.role }) });
export type RoleChangeBody = z.input<typeof roleChangeBody>;

/** GET /api/admin/users: every user, newest first. */
export const usersReply = z.array(userSchema);

export const roleChangeReply = z.object({ message: z.string(), user: userSchema });
export type RoleChangeReply = z.infer<typeof roleChangeReply>;

export const ADMIN_PAGE_SIZE = { default: 25, max: 100 } as const;

/** `?page=1&pageSize=25`: newest first, page 1 is the newest. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: ADMIN_MESSAGES.page })
    .int(ADMIN_MESSAGES.page)
    .min(1, ADMIN_MESSAGES.page)
    .default(1),
  pageSize: z.coerce
    .number({ error: ADMIN_MESSAGES.pageSize })
    .int(ADMIN_MESSAGES.pageSize)
    .min(1, ADMIN_MESSAGES.pageSize)
    .max(ADMIN_PAGE_SIZE.max, ADMIN_MESSAGES.pageSize)
    .default(ADMIN_PAGE_SIZE.default),
});
export type PageQuery = z.input<typeof pageQuery>;

/** Someone named in the admin pages; `name` and `email` are null once the account is deleted. */
export const personSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** One row of the audit trail (docs/security.md item 30): who, what, when (UTC); never a secret. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  /** Null for actions nobody signed in did (a failed login for an unknown email). */
  actor: personSchema.nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** Whether the sender's account has been deleted since (name and email are as they were when sent). */
  accountDeleted: z.boolean(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** A paged list's reply: one page of items, where it is, and how many there are in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });
}

export const auditPage = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPage>;
export const contactMessagePage = pageOf(contactMessageSchema);
export type ContactMessagePage = z.infer<typeof contactMessagePage>;

import { registerBody, VALIDATION, type RegisterBody } from '@studyhub/contract/schemas';

export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterForm, string>>;

export type RegisterCheck = { ok: true; body: RegisterBody } | { ok: false; errors: RegisterErrors };

const FIELDS = new Set<string>(['name', 'email', 'password']);

/**
 * product §5 with the server's own schema: the first message for each field, plus "Passwords do not match.".
 * The body is what the server will store (name trimmed, email lower-cased).
 */
export function checkRegisterForm(form: RegisterForm): RegisterCheck {
  const parsed = registerBody.safeParse({ name: form.name, email: form.email, password: form.password });
  const errors: RegisterErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && FIELDS.has(field)) {
        errors[field as keyof RegisterForm] ??= issue.message;
      }
    }
  }
  if (form.confirm !== form.password) errors.confirm = VALIDATION.passwordMismatch;
  if (!parsed.success || errors.confirm) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

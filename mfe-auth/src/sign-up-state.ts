/** What the register page hands the code page: the email (product §2) and the sign-up's id. */
export interface SignUp {
  email: string;
  registration: string;
}

/** The sign-up the registration passed in navigation state, or null. */
export function signUpFromState(state: unknown): SignUp | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, registration } = state as { email?: unknown; registration?: unknown };
  if (typeof email !== 'string' || email.trim() === '') return null;
  if (typeof registration !== 'string' || registration === '') return null;
  return { email, registration };
}

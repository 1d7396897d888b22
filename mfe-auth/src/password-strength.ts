import { PASSWORD_STRENGTH_THRESHOLDS } from './constants';
export type PasswordStrength = 'Weak' | 'Medium' | 'Strong' | 'Very Strong';

const [medium, strong, veryStrong] = PASSWORD_STRENGTH_THRESHOLDS;

/** product §5: under 8 characters Weak, under 12 Medium, under 16 Strong, otherwise Very Strong. */
export function passwordStrength(password: string): PasswordStrength {
  const { length } = password;
  if (length < medium) return 'Weak';
  if (length < strong) return 'Medium';
  if (length < veryStrong) return 'Strong';
  return 'Very Strong';
}

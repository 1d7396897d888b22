import { describe, expect, it } from '@jest/globals';
import { checkRegisterForm } from './register-validation';

const VALID = { name: '  Asha  ', email: ' Asha@Example.COM ', password: '12345678', confirm: '12345678' };

describe('checkRegisterForm', () => {
  it('gives the body the server stores: name trimmed, email lower-cased, password as typed', () => {
    expect(checkRegisterForm(VALID)).toEqual({
      ok: true,
      body: { name: 'Asha', email: 'asha@example.com', password: '12345678' },
    });
  });

  it('reports one message per field', () => {
    expect(checkRegisterForm({ name: '', email: 'a@b', password: '1', confirm: '2' })).toEqual({
      ok: false,
      errors: {
        name: 'Name must be at least 3 characters.',
        email: 'Enter a valid email address.',
        password: 'Password must be at least 8 characters long.',
        confirm: 'Passwords do not match.',
      },
    });
  });

  it('refuses a mismatch alone', () => {
    expect(checkRegisterForm({ ...VALID, confirm: '12345679' })).toEqual({
      ok: false,
      errors: { confirm: 'Passwords do not match.' },
    });
  });
});

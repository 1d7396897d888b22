import { beforeEach, describe, expect, it } from '@jest/globals';
import { formatRemaining } from './hooks/use-otp-block';
import { clearOtpBlock, readOtpBlock, writeOtpBlock } from './otp-block-store';

beforeEach(() => localStorage.clear());

describe('OTP block store', () => {
  it('keeps a block per email, ignoring case', () => {
    writeOtpBlock('Asha@Example.com', 5_000);
    expect(readOtpBlock('asha@example.com', 1_000)).toBe(5_000);
    expect(readOtpBlock('ravi@example.com', 1_000)).toBeNull();
    clearOtpBlock('asha@example.com');
    expect(readOtpBlock('asha@example.com', 1_000)).toBeNull();
  });

  it('forgets a block that has ended or cannot be read', () => {
    writeOtpBlock('a@b.co', 5_000);
    expect(readOtpBlock('a@b.co', 5_000)).toBeNull();
    expect(localStorage.length).toBe(0);
    localStorage.setItem('studyhub.otpBlockedUntil:a@b.co', 'soon');
    expect(readOtpBlock('a@b.co', 0)).toBeNull();
  });
});

describe('formatRemaining', () => {
  it.each([
    [600_000, '10m 0s'],
    [599_000, '9m 59s'],
    [599_001, '10m 0s'],
    [61_000, '1m 1s'],
    [1, '0m 1s'],
    [0, '0m 0s'],
    [-5, '0m 0s'],
  ])('%i ms reads %p', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});

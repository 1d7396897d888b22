import { useCallback, useEffect, useRef, useState } from 'react';
import { clearOtpBlock, readOtpBlock, writeOtpBlock } from '../otp-block-store';
import { OTP_BLOCK_CHECK_INTERVAL_MS } from '../constants';

/**
 * The OTP page's block (product §4): remembered per email across reloads, checked every second; `onUnblock` runs
 * once when it ends.
 */
export function useOtpBlock(email: string, onUnblock: () => void) {
  const [until, setUntil] = useState<number | null>(() => readOtpBlock(email));
  const [now, setNow] = useState(Date.now);
  const onUnblockRef = useRef(onUnblock);

  useEffect(() => {
    onUnblockRef.current = onUnblock;
  }, [onUnblock]);

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current < until) return;
      clearInterval(timer);
      clearOtpBlock(email);
      setUntil(null);
      onUnblockRef.current();
    }, OTP_BLOCK_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [until, email]);

  const block = useCallback(
    (blockUntil: number) => {
      writeOtpBlock(email, blockUntil);
      setNow(Date.now());
      setUntil(blockUntil);
    },
    [email],
  );

  return { blocked: until !== null, remainingMs: until === null ? 0 : Math.max(until - now, 0), block };
}

/** "9m 59s": the block countdown in minutes and seconds, rounded up to the next whole second. */
export function formatRemaining(ms: number): string {
  const seconds = Math.ceil(Math.max(ms, 0) / 1000);
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds counting down to 0, one per second. An interval rather than a chain of timeouts, so a test
 * that advances fake timers by 30 s sees all 30 ticks.
 */
export function useCountdown(startSeconds: number) {
  const [seconds, setSeconds] = useState(startSeconds);
  const running = seconds > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds((current) => Math.max(current - 1, 0)), 1_000);
    return () => clearInterval(timer);
  }, [running]);

  const restart = useCallback((from: number = startSeconds) => setSeconds(from), [startSeconds]);
  return { seconds, restart };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { simulatedStep } from './progress';
import { UPLOAD_PROGRESS_STEP } from '../constants';

/** Below 100 until the server has answered: every byte sent is not yet a stored file. */
const SENT_CAP = 99;

/**
 * The upload bar's percent (architecture §7): real upload progress events when the browser sends them; until the
 * first one arrives, product §4's simulated climb (10 % every 300 ms up to 70). 100 only on success.
 */
export function useUploadProgress() {
  const [percent, setPercent] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopClimb = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => stopClimb, [stopClimb]);

  const start = useCallback(() => {
    stopClimb();
    setPercent(0);
    timer.current = setInterval(() => setPercent(simulatedStep), UPLOAD_PROGRESS_STEP.everyMs);
  }, [stopClimb]);

  /** A real progress event: the simulation stops and the bar follows the bytes sent (never backwards). */
  const report = useCallback(
    (sent: number) => {
      stopClimb();
      setPercent((current) => Math.max(current, Math.min(sent, SENT_CAP)));
    },
    [stopClimb],
  );

  const finish = useCallback(() => {
    stopClimb();
    setPercent(100);
  }, [stopClimb]);

  const reset = useCallback(() => {
    stopClimb();
    setPercent(0);
  }, [stopClimb]);

  return { percent, start, report, finish, reset };
}

import { UPLOAD_PROGRESS_STEP } from '../constants';
export type ProgressTone = 'red' | 'yellow' | 'green';

/** product §4: red under 30, yellow under 70, green from 70 on. */
export function progressTone(percent: number): ProgressTone {
  if (percent < 30) return 'red';
  if (percent < 70) return 'yellow';
  return 'green';
}

/** The SPEC's simulated climb, used only while no real progress event has arrived: +10 up to 70, then stays. */
export function simulatedStep(percent: number): number {
  const { percent: step, upTo } = UPLOAD_PROGRESS_STEP;
  return percent >= upTo ? percent : Math.min(percent + step, upTo);
}

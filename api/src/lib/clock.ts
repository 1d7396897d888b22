/** The current time, injectable so tests can move it (code expiry, lockouts, blocks). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function isoAfter(clock: Clock, ms: number): string {
  return new Date(clock().getTime() + ms).toISOString();
}

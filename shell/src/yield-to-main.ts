/**
 * Ends the current task and continues in a new one, so the browser can paint and answer a tap in between
 * (decision 014): `scheduler.yield()` where the browser has it (Chromium: the continuation goes ahead of other
 * queued work), otherwise a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

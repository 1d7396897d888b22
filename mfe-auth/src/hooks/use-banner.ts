import { useCallback, useEffect, useState } from 'react';
import { ERROR_BANNER_HIDE_MS } from '../constants';

/** A message that hides itself after ERROR_BANNER_HIDE_MS; showing one again restarts the clock. */
export function useBanner(hideAfterMs: number = ERROR_BANNER_HIDE_MS) {
  const [banner, setBanner] = useState<{ text: string } | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), hideAfterMs);
    return () => clearTimeout(timer);
  }, [banner, hideAfterMs]);

  // A new object each time, so the same text shown twice still restarts the timer.
  const show = useCallback((text: string) => setBanner({ text }), []);
  const dismiss = useCallback(() => setBanner(null), []);
  return { message: banner?.text ?? null, show, dismiss };
}

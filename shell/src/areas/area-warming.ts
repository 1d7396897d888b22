import { areaFiles, type AreaManifest } from '@studyhub/contract';
import type { RemoteVersion } from '@studyhub/contract';

/**
 * Asks the browser to fetch the area's pages' files (and its entry's, `withEntry`) into its cache at low priority
 * (decision 014): nothing of them runs until the area is opened, so a phone's main thread is left alone.
 */
export async function prefetchArea(remote: RemoteVersion, withEntry: boolean): Promise<void> {
  const manifestUrl = new URL(remote.entry, location.href);
  try {
    const reply = await fetch(manifestUrl);
    if (!reply.ok) return;
    for (const file of areaFiles((await reply.json()) as AreaManifest, withEntry)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = new URL(file, manifestUrl).href;
      document.head.append(link);
    }
  } catch {
    // The area's own load will try again and show what went wrong.
  }
}

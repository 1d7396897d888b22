const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/**
 * A size as people read it: "830 KB", "1.4 MB", "10.0 GB" (1 MB = 1024 KB, as the upload limit counts); GB for
 * what a browser allows, which is often gigabytes.
 */
export function formatSize(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / GB).toFixed(1)} GB`;
}
